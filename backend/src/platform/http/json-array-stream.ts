import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { StreamableFile } from '@nestjs/common';

/** Items serialised per turn of the event loop. */
const ITEMS_PER_CHUNK = 500;

/**
 * A large JSON array answered a slice at a time, the event loop free between slices: serialising
 * (and compressing) thousands of items in one call holds every other request of the process for
 * tens of milliseconds. The body is the same JSON array `res.json` would send, without an ETag.
 */
export function jsonArrayStream(items: readonly unknown[]): StreamableFile {
  async function* slices(): AsyncGenerator<string> {
    yield '[';
    for (let from = 0; from < items.length; from += ITEMS_PER_CHUNK) {
      if (from > 0) await nextTurn();
      const slice = items.slice(from, from + ITEMS_PER_CHUNK).map((item) => JSON.stringify(item)).join(',');
      yield from > 0 ? `,${slice}` : slice;
    }
    yield ']';
  }
  return new StreamableFile(Readable.from(slices()), { type: 'application/json; charset=utf-8' });
}
