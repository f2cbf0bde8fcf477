import { type RefObject, useEffect, useState } from 'react';

/** The fragment a link to the upload control for a requested document carries. */
export const requestedDocumentHash = (code: string) => `#send-${code}`;

/**
 * The document staff asked for that a link brought the claimant here to send (`#send-{code}`):
 * its words, with the focus moved straight onto the upload control (issue 28 "Where am I").
 */
export function useRequestedDocument(
  requested: Readonly<Record<string, string>>,
  box: RefObject<HTMLElement | null>,
): string | undefined {
  const [wording, setWording] = useState<string>();
  useEffect(() => {
    const follow = () => {
      const code = window.location.hash.replace(/^#send-/, '');
      const words = window.location.hash.startsWith('#send-') ? requested[code] : undefined;
      setWording(words);
      if (!words) return;
      const input = box.current?.querySelector<HTMLInputElement>('input[type="file"]');
      box.current?.scrollIntoView({ block: 'start' });
      input?.focus();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [requested, box]);
  return wording;
}
