export type MessageParams = Readonly<Record<string, string | number>>;

/** Replaces `{name}` placeholders; a placeholder without a parameter stays visible rather than vanishing. */
export function interpolate(message: string, params: MessageParams): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}
