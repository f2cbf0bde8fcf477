/** Emmett's decider shape: plain functions over plain data. */
export interface Decider<State, Command, Event, Context> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State, context: Context) => readonly Event[];
  readonly evolve: (state: State, event: Event) => State;
}
