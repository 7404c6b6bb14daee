// A module's published events: a leaf of its domain's event types, importable by any module.
export type { BetaEvent } from './domain/beta-event';
