import { useState } from 'react';
import type { TextFieldSpec } from '@contracts/identity/field-checks';
import { checkIdentityForm } from '@contracts/identity/identity-forms';
import type * as v from 'valibot';
import { useFieldErrors } from '@site/ui/field/use-field-errors';
import type { ApiAnswer } from '../account/account-api';
import { identityErrors, type Language, rateLimitedText } from '../account/identity-words';

interface ProfileFormOptions<F extends string> {
  readonly lang: string;
  readonly language: Language;
  readonly specs: Readonly<Record<F, TextFieldSpec>>;
  readonly schema: (now: Date) => v.GenericSchema;
  readonly send: (values: Readonly<Record<F, string>>) => Promise<ApiAnswer>;
  /** Takes a successful answer and says so; any other answer is the form's to show. */
  readonly done: (answer: ApiAnswer) => boolean;
  /** What the form says when the update fails without a better reason. */
  readonly failed: string;
  /** Whether that is said even when the server put errors under fields. */
  readonly failedBesideFields: boolean;
}

/** 401 or 403: the session is gone or the call not allowed; the spec signs the user out. */
function signedOut(answer: ApiAnswer, lang: string): boolean {
  if (answer.status !== 401 && answer.status !== 403) return false;
  window.location.assign(`/${lang}/?next=/${lang}/profile`);
  return true;
}

/** A profile form's round trip: the contracts' check, the call, and each refusal shown. */
export function useProfileForm<F extends string>(options: ProfileFormOptions<F>) {
  const fields = Object.keys(options.specs) as F[];
  const { errors, show, clear, reset } = useFieldErrors(fields);
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const { language, failed } = options;

  async function submit(values: Readonly<Record<F, string>>) {
    setFormError(undefined);
    const result = checkIdentityForm(options.schema(new Date()), options.specs, values);
    if (!result.ok) {
      show(identityErrors(result.errors, fields, language).byField);
      return;
    }
    setSending(true);
    try {
      const answer = await options.send(values);
      setSending(false);
      if (options.done(answer) || signedOut(answer, options.lang)) return;
      if (answer.status === 400) {
        const { byField, other } = identityErrors(answer.body, fields, language);
        const underFields = show(byField);
        setFormError(other[0] ?? (underFields && !options.failedBesideFields ? undefined : failed));
        return;
      }
      setFormError(answer.status === 429 ? rateLimitedText(answer, language) : failed);
    } catch {
      setSending(false);
      setFormError(failed);
    }
  }

  function stop() {
    reset();
    setFormError(undefined);
  }

  return { errors, clear, formError, sending, submit, stop };
}
