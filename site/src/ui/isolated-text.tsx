import type { ReactNode } from 'react';

/**
 * A `{placeholder}` template filled for display, each user-given value in `isolated` inside
 * `<bdi>`: a name written right to left, or holding direction characters, cannot reorder the
 * words around it (decision 049).
 */
export function fillIsolated(
  template: string,
  params: Readonly<Record<string, string | number>>,
  isolated: readonly string[] = ['name'],
): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = key === undefined ? undefined : params[key];
    if (key === undefined || value === undefined) return part;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one template never move.
    return isolated.includes(key) ? <bdi key={index}>{String(value)}</bdi> : String(value);
  });
}
