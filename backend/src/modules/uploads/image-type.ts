/**
 * Recognises an uploaded image by its content (magic bytes), never by its name or the type the
 * client claims: PNG, JPEG, GIF and WebP are the formats every browser shows.
 */
export interface ImageType {
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

export const IMAGE_TYPES: readonly ImageType[] = [
  { extension: 'png', contentType: 'image/png' },
  { extension: 'jpg', contentType: 'image/jpeg' },
  { extension: 'gif', contentType: 'image/gif' },
  { extension: 'webp', contentType: 'image/webp' },
];

const byExtension = (extension: ImageType['extension']) => IMAGE_TYPES.find((t) => t.extension === extension)!;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of these bytes, or null when they are not a PNG, JPEG, GIF or WebP image. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byExtension('png');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return byExtension('jpg');
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return byExtension('gif');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return byExtension('webp');
  return null;
}

/** The type a stored file's name stands for (names are `<uuid>.<extension>`). */
export function imageTypeOfExtension(extension: string): ImageType | null {
  return IMAGE_TYPES.find((t) => t.extension === extension) ?? null;
}
