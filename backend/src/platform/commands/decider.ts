/**
 * The shape every aggregate follows (Emmett style): a pure `decide` that turns a command and the
 * current state into new events (or throws a DomainError), and a pure `evolve` that folds events
 * into state. Time and ids come from the command's metadata, never from a clock or a random call.
 */
export interface DomainEvent {
  type: string;
  data: object;
}

export interface CommandMetadata {
  actorId: string | null;
  correlationId: string;
  /** ISO 8601 with offset, set once where the command enters the system. */
  occurredAt: string;
}

/** One command of a decider's union: `{ type, data, metadata }`, as its events are `{ type, data }`. */
export type DomainCommand<Type extends string, Data> = { type: Type; data: Data; metadata: CommandMetadata };

export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}
