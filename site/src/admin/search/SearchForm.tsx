import { type FormEvent, useRef, useState } from 'react';
import { CLAIM_STATUSES, CLAIM_TYPES } from '@contracts/claims/catalogue';
import { CLAIM_SEARCH_TYPES } from '@contracts/claims/search-rules';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import { ADMIN_TEXT } from '../admin-text';
import { QueueFilters } from './QueueFilters';
import {
  ANY_STATUS,
  checkSearch,
  EMPTY_SEARCH,
  type QueueValues,
  resultsUrl,
  type SearchField,
  type SearchFormErrors,
  type SearchFormValues,
} from './search-query';

interface Props {
  readonly initial?: SearchFormValues;
  readonly initialQueue?: QueueValues;
  readonly initialErrors?: SearchFormErrors;
}

const text = ADMIN_TEXT.search;
const FIELD_ORDER: readonly SearchField[] = ['type', 'value', 'first', 'last'];

/**
 * The staff search (staff spec §2, §5): a type, then the value that type needs. Enter or the
 * button submits; the results page URL carries the search, so Back returns to it. Without
 * script the form still submits and the results page checks the same rules.
 */
export default function SearchForm({
  initial = EMPTY_SEARCH,
  initialQueue = ANY_STATUS,
  initialErrors = {},
}: Props) {
  const [values, setValues] = useState(initial);
  const [queue, setQueue] = useState(initialQueue);
  const [errors, setErrors] = useState<SearchFormErrors>(initialErrors);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: SearchField, value: string) => {
    setValues((current) =>
      field === 'type' ? { ...EMPTY_SEARCH, type: value } : { ...current, [field]: value },
    );
    setErrors((current) => (field === 'type' ? {} : { ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkSearch(values, queue);
    if ('query' in checked) {
      window.location.assign(resultsUrl(checked.query));
      return;
    }
    setErrors(checked.errors);
    const first = FIELD_ORDER.find((field) => checked.errors[field]);
    form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return (
    <form
      ref={form}
      className="form admin-search-form"
      method="get"
      action="/admin/search"
      noValidate
      onSubmit={submit}
    >
      <div className="admin-search-form__fields">
        <FieldFrame id="search-type" label={text.type} error={errors.type}>
          {(aria) => (
            <select
              {...aria}
              name="type"
              value={values.type}
              onChange={(e) => set('type', e.target.value)}
            >
              <option value="">{text.typePlaceholder}</option>
              {CLAIM_SEARCH_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ADMIN_TEXT.searchTypes[type]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <ValueFields values={values} errors={errors} set={set} />
      </div>
      <QueueFilters queue={queue} onChange={setQueue} />
      <p className="field-hint">{text.hint}</p>
      <div className="actions">
        <button type="submit" className="button button--primary">
          {text.submit}
        </button>
      </div>
    </form>
  );
}

interface ValueFieldsProps {
  readonly values: SearchFormValues;
  readonly errors: SearchFormErrors;
  readonly set: (field: SearchField, value: string) => void;
}

/** What the chosen type asks for: two names, a status, a claim type, or one value. */
function ValueFields({ values, errors, set }: ValueFieldsProps) {
  switch (values.type) {
    case 'name':
      return (
        <>
          <TextField
            id="search-first"
            name="first"
            label={text.firstName}
            {...{ values, errors, set }}
          />
          <TextField
            id="search-last"
            name="last"
            label={text.lastName}
            {...{ values, errors, set }}
          />
        </>
      );
    case 'status':
      return (
        <ChoiceField
          label={text.status}
          placeholder={text.statusPlaceholder}
          options={CLAIM_STATUSES}
          {...{ values, errors, set }}
        />
      );
    case 'claimType':
      return (
        <ChoiceField
          label={text.claimType}
          placeholder={text.claimTypePlaceholder}
          options={CLAIM_TYPES}
          {...{ values, errors, set }}
        />
      );
    case '':
      return null;
    default:
      return (
        <TextField
          id="search-value"
          name="value"
          label={`${ADMIN_TEXT.searchTypes[values.type as keyof typeof ADMIN_TEXT.searchTypes] ?? text.value}`}
          inputMode={values.type === 'email' ? 'email' : 'text'}
          {...{ values, errors, set }}
        />
      );
  }
}

function TextField({
  id,
  name,
  label,
  inputMode = 'text',
  values,
  errors,
  set,
}: ValueFieldsProps & {
  readonly id: string;
  readonly name: 'value' | 'first' | 'last';
  readonly label: string;
  readonly inputMode?: 'text' | 'email';
}) {
  return (
    <FieldFrame id={id} label={label} error={errors[name]}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

function ChoiceField({
  label,
  placeholder,
  options,
  values,
  errors,
  set,
}: ValueFieldsProps & {
  readonly label: string;
  readonly placeholder: string;
  readonly options: readonly string[];
}) {
  return (
    <FieldFrame id="search-value" label={label} error={errors.value}>
      {(aria) => (
        <select
          {...aria}
          name="value"
          value={values.value.toLowerCase()}
          onChange={(e) => set('value', e.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option.toLowerCase()}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
