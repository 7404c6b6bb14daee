// Allowed in domain/: plain TypeScript, another module's index, the Decider types and DomainError,
// and dates made from the command's values.
import type { Thing } from '../../alpha';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';

export function decideBeta(thing: Thing, metadata: CommandMetadata): string[] {
  const at = new Date(metadata.occurredAt);
  if (Number.isNaN(Date.parse(metadata.occurredAt)) || Math.max(0, at.getTime()) === 0) throw new DomainError('BETA.INVALID', 'invalid', 'bad time');
  return [thing.id, new Date(Date.UTC(2026, 0, 1)).toISOString()];
}
