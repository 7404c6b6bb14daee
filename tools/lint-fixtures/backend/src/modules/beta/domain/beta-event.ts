/** What the beta module records (its events), imported by its events.ts. */
export type BetaEvent = { type: 'BetaHappened'; data: { thingId: string } };
