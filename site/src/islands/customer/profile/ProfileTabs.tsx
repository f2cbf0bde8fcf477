import { useEffect, useRef, useState } from 'react';
import type { CustomerProfile } from '@contracts/identity/profile';
import { Tabs } from '@site/ui/tabs/Tabs';
import { type IslandMessages, islandTranslator } from '../../messages';
import { languageOf } from '../account/identity-words';
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
  const panelRef = useRef<HTMLDivElement>(null);
  const personalButton = useRef<HTMLButtonElement>(null);
  const accountButton = useRef<HTMLButtonElement>(null);

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
    const button = tab === 'personal' ? personalButton : accountButton;
    requestAnimationFrame(() => button.current?.focus());
  }

  function saved(next: CustomerProfile) {
    setProfile(next);
    setEditing(false);
    setBanner(t('profile.success'));
    requestAnimationFrame(() => panelRef.current?.focus());
  }

  function select(index: number) {
    const next = TABS[index] ?? 'personal';
    if (next === tab) return;
    setEditing(false);
    setTab(next);
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

  const personal = editing && tab === 'personal';
  const account = editing && tab === 'account';

  return (
    <div className="profile">
      <div role="status" className="profile__status">
        {banner && <p className="banner banner--success">{banner}</p>}
      </div>
      <Tabs
        label={t('profile.tabs.label')}
        tabs={TABS.map((name) => t(`profile.tab.${name}`))}
        selected={TABS.indexOf(tab)}
        onSelect={select}
        panelRef={panelRef}
        panels={[
          personal ? (
            <PersonalForm key="form" {...formProps} profile={profile} onSaved={saved} />
          ) : (
            <ReadView
              key="view"
              rows={personalRows(profile, t)}
              actionLabel={t('profile.update')}
              onEdit={startEditing}
              buttonRef={personalButton}
            />
          ),
          account ? (
            <PasswordForm key="form" {...formProps} onChanged={() => setPasswordChanged(true)} />
          ) : (
            <ReadView
              key="view"
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
              buttonRef={accountButton}
            />
          ),
        ]}
      />
    </div>
  );
}
