// Allowed, and no cycle although beta imports alpha: beta's events.ts imports nothing of alpha.
import type { BetaEvent } from '../../../beta/events';

export class ThingsProjection {
  readonly handles: BetaEvent['type'][] = ['BetaHappened'];
}
