/**
 * The one given/when/then of decider tests (DESIGN §12.2; emmett's DeciderSpecification is the
 * model): given the events already recorded, when a command is decided, then these events are
 * recorded, nothing is, or the command is refused with a code and text. State is never asserted:
 * events are the contract. Test-only (excluded from domain's build).
 */
import { DomainError } from '../errors/domain-error';
import type { Decider } from '../events/decider';

export interface DecisionExpectations<Event> {
  then(expected: Event[]): void;
  thenNothing(): void;
  /** The refusal's code, and its text and details when given. */
  thenFails(code: DomainError['code'], message?: string, details?: Record<string, unknown>): void;
}

export function deciderSpecification<State, Command, Event extends { type: string; data: unknown }>(decider: Decider<State, Command, Event>) {
  return function given(...history: Event[]) {
    return {
      when(command: Command): DecisionExpectations<Event> {
        const run = () => decider.decide(history.reduce<State>((state, event) => decider.evolve(state, event), decider.initialState), command);
        return {
          then: (expected) => expect(run()).toEqual(expected),
          thenNothing: () => expect(run()).toEqual([]),
          thenFails: (code, message, details) => {
            let caught: unknown;
            try {
              run();
            } catch (error) {
              caught = error;
            }
            expect(caught).toBeInstanceOf(DomainError);
            expect((caught as DomainError).code).toBe(code);
            if (message !== undefined) expect((caught as DomainError).message).toBe(message);
            if (details !== undefined) expect((caught as DomainError).details).toEqual(details);
          },
        };
      },
    };
  };
}
