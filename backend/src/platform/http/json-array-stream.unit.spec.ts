import { jsonArrayStream } from './json-array-stream';

async function body(items: unknown[]): Promise<string> {
  let text = '';
  for await (const chunk of jsonArrayStream(items).getStream()) text += String(chunk);
  return text;
}

describe('jsonArrayStream', () => {
  it('sends the same JSON array res.json would, in slices', async () => {
    const items = Array.from({ length: 1234 }, (_, i) => ({ id: i, name: `Task "${i}"`, planned: i % 2 === 0 ? true : undefined }));
    const text = await body(items);
    expect(text).toBe(JSON.stringify(items));
  });

  it('sends [] for no items', async () => {
    expect(await body([])).toBe('[]');
  });
});
