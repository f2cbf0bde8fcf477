/** Ends an exhaustive switch: the compiler errors here when a case is missing. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
