import { expect } from 'vitest';
import type { Decider } from '@services/shared/decider';

/** given(events).when(command).then(events) over a decider, as in Emmett's samples. */
export function deciderSpecification<State, Command, Event, Context>(
  decider: Decider<State, Command, Event, Context>,
  context: Context,
) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, state, context);
          return {
            // biome-ignore lint/suspicious/noThenProperty: given/when/then is the specification style we follow (Emmett); nothing awaits these objects.
            then(expected: readonly Event[]) {
              expect(decide()).toEqual(expected);
            },
            thenThrows<E extends Error>(
              errorType: abstract new (...args: never[]) => E,
              check?: (error: E) => void,
            ) {
              let thrown: unknown;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorType);
              check?.(thrown as E);
            },
          };
        },
      };
    },
  };
}
