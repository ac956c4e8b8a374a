/**
 * An aggregate as three pure parts (the shape emmett and the "functional event sourcing" decider
 * share): where it starts, what a command decides on the current state, and how an event moves the
 * state on. The backend's one aggregate runner (backend/src/platform/event-sourcing) loads, decides,
 * appends and retries for every aggregate through this type, so a new command is a case in
 * `decide`, never new plumbing.
 */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  readonly initialState: State;
  /** Events the command records (none when it changes nothing); throws DomainError to refuse. */
  decide(state: State, command: Command): Event[];
  evolve(state: State, event: Pick<Event, 'type' | 'data'>): State;
  /** Whether an event read back from the store belongs to this aggregate (anything else is a bug). */
  isEventType(type: string): boolean;
}
