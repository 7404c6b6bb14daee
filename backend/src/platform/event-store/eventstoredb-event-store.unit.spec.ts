import { packPosition, unpackPosition } from './eventstoredb-event-store';

describe('EventStoreDB positions', () => {
  it('pack (commit, prepare) into one bigint that keeps their order, and back', () => {
    const positions = [
      { commit: 0n, prepare: 0n },
      { commit: 0n, prepare: 2n ** 64n - 1n },
      { commit: 1n, prepare: 0n },
      { commit: 123_456_789n, prepare: 123_456_700n },
      { commit: 2n ** 63n, prepare: 2n ** 63n },
    ];
    const packed = positions.map(packPosition);
    for (let i = 1; i < packed.length; i++) expect(packed[i]).toBeGreaterThan(packed[i - 1]);
    expect(packed.map(unpackPosition)).toEqual(positions);
  });
});
