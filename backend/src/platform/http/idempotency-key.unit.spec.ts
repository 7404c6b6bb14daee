import { canonicalJson, INVALID_KEY_MESSAGE, jsonFingerprint, MultipartFingerprint, readIdempotencyKey, SEVERAL_KEYS_MESSAGE } from './idempotency-key';

describe('reading the Idempotency-Key header', () => {
  it.each([['a'], ['8e03978e-40d5-43e8-bc93-6894a57f9324'], ['"quoted as the draft writes it"'], ['x'.repeat(255)], ['~!@#$%^&*()_+ {}|:<>?']])('accepts %j', (key) => {
    expect(readIdempotencyKey([key])).toEqual({ key });
  });

  it.each([[''], ['x'.repeat(256)], ['café'], ['tab\there'], ['line\nbreak'], ['\u0000']])('refuses %j, naming the header', (key) => {
    expect(readIdempotencyKey([key])).toEqual({ error: INVALID_KEY_MESSAGE });
    expect(INVALID_KEY_MESSAGE).toContain('Idempotency-Key');
  });

  it('refuses two header lines', () => {
    expect(readIdempotencyKey(['a', 'b'])).toEqual({ error: SEVERAL_KEYS_MESSAGE });
  });
});

describe('request fingerprints', () => {
  it('do not depend on the order of object keys, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
    expect(jsonFingerprint('', { a: 1, b: 'x' })).toBe(jsonFingerprint('', { b: 'x', a: 1 }));
  });

  it('tell apart bodies, array orders, types, query strings and an absent body', () => {
    const prints = [
      jsonFingerprint('', { a: 1 }),
      jsonFingerprint('', { a: '1' }),
      jsonFingerprint('', { a: [1, 2] }),
      jsonFingerprint('', { a: [2, 1] }),
      jsonFingerprint('x=1', { a: 1 }),
      jsonFingerprint('', undefined),
      jsonFingerprint('', null),
      jsonFingerprint('', {}),
    ];
    expect(new Set(prints).size).toBe(prints.length);
  });

  const form = (boundary: string, content: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
  const digest = (boundary: string, body: Buffer, chunkSize: number, query = '') => {
    const print = new MultipartFingerprint(query, `multipart/form-data; boundary=${boundary}`);
    for (let at = 0; at < body.length; at += chunkSize) print.update(body.subarray(at, at + chunkSize));
    return print.digest();
  };

  it('see the same form sent with another boundary, however the bytes are split, as the same request', () => {
    const first = digest('----WebKitFormBoundaryAAAAAAAAAAAAAAAA', form('----WebKitFormBoundaryAAAAAAAAAAAAAAAA', 'PNGDATA'), 1 << 16);
    for (const chunkSize of [1, 2, 7, 13, 38, 39, 40, 1000]) {
      expect(digest('----WebKitFormBoundaryBBBBBBBBBBBBBBBB', form('----WebKitFormBoundaryBBBBBBBBBBBBBBBB', 'PNGDATA'), chunkSize)).toBe(first);
    }
    const quoted = new MultipartFingerprint('', 'multipart/form-data; boundary="quoted-boundary"');
    quoted.update(form('quoted-boundary', 'PNGDATA'));
    expect(quoted.digest()).toBe(first);
  });

  it('see another file, another query or a JSON body as another request', () => {
    const same = digest('b1', form('b1', 'PNGDATA'), 3);
    expect(digest('b2', form('b2', 'PNGDATB'), 3)).not.toBe(same);
    expect(digest('b2', form('b2', 'PNGDATA'), 3, 'x=1')).not.toBe(same);
    expect(digest('b2', form('b2', 'PNGDATA'), 3)).toBe(same);
    expect(jsonFingerprint('', form('b1', 'PNGDATA').toString())).not.toBe(same);
  });
});
