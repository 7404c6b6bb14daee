// Allowed in domain/: plain TypeScript, another module's index.
import type { Thing } from '../../alpha';

export function decideBeta(thing: Thing): string[] {
  return [thing.id];
}
