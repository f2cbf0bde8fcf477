import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@site/ui/confirm-dialog/ConfirmDialog';
import { ADMIN_TEXT } from '../admin-text';

const text = ADMIN_TEXT.unsaved;

/** A click that would leave the page through a link of ours, in this tab. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if (link.target === '_blank' || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  const samePage =
    url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? undefined : link;
}

/**
 * Staff spec §2: leaving with unsaved changes asks first. In-app links and our own Back
 * button get the spec's question in a dialog; closing or reloading the tab gets the
 * browser's own prompt (browsers do not show a page's text there).
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<string>();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leavingRef = useRef(false);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current || leavingRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current) return;
      const link = leavingLink(event);
      if (!link) return;
      event.preventDefault();
      setPending(link.href);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  const leave = useCallback((href: string) => {
    if (dirtyRef.current) setPending(href);
    else window.location.assign(href);
  }, []);

  const dialog = (
    <ConfirmDialog
      open={pending !== undefined}
      title={text.title}
      text={text.text}
      confirmLabel={text.leave}
      cancelLabel={text.stay}
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        const href = pending;
        leavingRef.current = true;
        setPending(undefined);
        if (href) window.location.assign(href);
      }}
    />
  );
  return { leave, dialog };
}
