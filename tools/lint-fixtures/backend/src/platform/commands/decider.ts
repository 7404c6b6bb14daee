export interface CommandMetadata {
  actorId: string | null;
  occurredAt: string;
}
