import type { Decider, DomainEvent } from '../platform/commands/decider';
import { DomainError } from '../platform/commands/domain-error';

/** Given past events, when a command, then new events or a domain error (STYLE.md). */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string, message?: string) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
              if (message !== undefined) expect((thrown as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
