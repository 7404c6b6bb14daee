import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout, SHA-1 over the parts) that is the same every time for the same parts.
 * Projections use it for rows they create, so a rebuild from the event store reproduces the live
 * ids exactly (e.g. one notification per event and caregiver, one achievement per child and period).
 */
export function deterministicId(...parts: string[]): string {
  const hash = createHash('sha1').update(parts.join('\u001f')).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
