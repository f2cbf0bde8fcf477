import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { CustomerProfile } from '@contracts/identity/profile';
import { tabAfterKey } from '@site/ui/tabs/Tabs';
import { type IslandMessages, islandTranslator } from '../../messages';
import { languageOf } from '../account/account-api';
import { SuccessScreen } from '../account/SuccessDialog';
import { PasswordForm } from './PasswordForm';
import { PersonalForm } from './PersonalForm';
import { personalRows } from './profile-values';
import { ReadView } from './ReadView';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
  readonly profile: CustomerProfile;
}

type Tab = 'personal' | 'account';
const TABS: readonly Tab[] = ['personal', 'account'];

/** How long the success banner stays after an update (spec §9). */
const BANNER_MS = 5000;

/**
 * The profile (spec §2, §4): two tabs, each with a read view and an edit mode with Save and
 * Cancel; switching tabs cancels editing. A success banner shows for 5 s after an update;
 * a password change signs the user out everywhere.
 */
export default function ProfileTabs({ lang, messages, profile: initialProfile }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [profile, setProfile] = useState(initialProfile);
  const [tab, setTab] = useState<Tab>('personal');
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<string>();
  const [passwordChanged, setPasswordChanged] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ personal: null, account: null });
  const panelRef = useRef<HTMLDivElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(undefined), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  function startEditing() {
    setBanner(undefined);
    setEditing(true);
    const first = tab === 'personal' ? 'dateOfBirth' : 'currentPassword';
    requestAnimationFrame(() => document.getElementById(first)?.focus());
  }

  function cancel() {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  }

  function saved(next: CustomerProfile) {
    setProfile(next);
    setEditing(false);
    setBanner(t('profile.success'));
    requestAnimationFrame(() => panelRef.current?.focus());
  }

  function select(next: Tab, focus = false) {
    if (next !== tab) {
      setEditing(false);
      setTab(next);
    }
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const target = tabAfterKey(event.key, TABS.indexOf(tab), TABS.length);
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target] as Tab, true);
  }

  if (passwordChanged) {
    return (
      <SuccessScreen
        title={t('profile.password.success.title')}
        message={t('profile.password.success.message')}
        actionLabel={t('profile.password.success.button')}
        // The sign-in page says the session has ended.
        href={`/${lang}/?signedOut=user`}
      />
    );
  }

  const formProps = { lang, language, t, onCancel: cancel };

  return (
    <div className="profile">
      <div className="tabs" role="tablist" aria-label={t('profile.tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            className="tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            onKeyDown={onTabKey}
          >
            {t(`profile.tab.${name}`)}
          </button>
        ))}
      </div>

      <div role="status" className="profile__status">
        {banner && <p className="banner banner--success">{banner}</p>}
      </div>

      <div
        ref={panelRef}
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={-1}
        className="tab-panel"
      >
        {tab === 'personal' &&
          (editing ? (
            <PersonalForm {...formProps} profile={profile} onSaved={saved} />
          ) : (
            <ReadView
              rows={personalRows(profile, t)}
              actionLabel={t('profile.update')}
              onEdit={startEditing}
              buttonRef={editButtonRef}
            />
          ))}
        {tab === 'account' &&
          (editing ? (
            <PasswordForm {...formProps} onChanged={() => setPasswordChanged(true)} />
          ) : (
            <ReadView
              rows={[
                [t('profile.email'), profile.email],
                [
                  t('profile.password'),
                  <>
                    <span aria-hidden="true">••••••••</span>
                    <span className="visually-hidden">{t('profile.passwordHidden')}</span>
                  </>,
                ],
              ]}
              hint={t('profile.emailHint')}
              actionLabel={t('profile.changePassword')}
              onEdit={startEditing}
              buttonRef={editButtonRef}
            />
          ))}
      </div>
    </div>
  );
}
