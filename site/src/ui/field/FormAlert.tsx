import type { ReactNode, Ref } from 'react';

/**
 * What is wrong with the form as a whole (refused, failed, rate limited), announced when it
 * appears; with a ref the caller can move focus onto it.
 */
export function FormAlert({
  children,
  focusRef,
}: {
  readonly children: ReactNode;
  readonly focusRef?: Ref<HTMLParagraphElement> | undefined;
}) {
  if (children === undefined || children === null || children === false || children === '') {
    return null;
  }
  return (
    <p ref={focusRef} role="alert" className="form-error" tabIndex={focusRef ? -1 : undefined}>
      {children}
    </p>
  );
}
