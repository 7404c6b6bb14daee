import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectImageType', () => {
  it.each([
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a')],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s by its content', (extension, content) => {
    expect(detectImageType(content)?.extension).toBe(extension);
  });

  it.each([
    ['text', bytes('hello, I am a picture')],
    ['an SVG (scripts can run in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<html><script>alert(1)</script>')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['a RIFF file that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['nothing', bytes()],
  ])('refuses %s', (_, content) => {
    expect(detectImageType(content)).toBeNull();
  });
});
