import { Turns } from './turns';

describe('Turns', () => {
  it('sorts like Array.prototype.sort, stable, at every size around its runs', async () => {
    for (const size of [0, 1, 2, 255, 256, 257, 513, 5000]) {
      const items = Array.from({ length: size }, (_, i) => ({ key: (i * 7919) % 97, at: i }));
      const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
      expect(await new Turns().sort(items, byKey)).toEqual([...items].sort(byKey));
    }
  });

  it('lets the event loop in while it sorts a large array', async () => {
    const items = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
    let turnsTaken = 0;
    const counting = setInterval(() => turnsTaken++, 0);
    const sorted = await new Turns().sort(items, (a, b) => a - b);
    clearInterval(counting);
    expect(sorted).toEqual([...items].sort((a, b) => a - b));
    expect(turnsTaken).toBeGreaterThan(0);
  });
});
