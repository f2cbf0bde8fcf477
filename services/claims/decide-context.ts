/** What every claim decision is given besides the command and the state: the clock. */
export interface DecideContext {
  readonly now: Date;
}
