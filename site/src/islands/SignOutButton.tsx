import { useState } from 'react';
import { signOut } from './SessionTimeout';

interface Props {
  readonly lang: string;
  readonly label: string;
  readonly busyLabel: string;
}

/** The header's sign-out: ends the session on the server, then home. */
export default function SignOutButton({ lang, label, busyLabel }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="header-button"
      aria-disabled={busy ? true : undefined}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void signOut(lang, 'user');
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
