import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { Turns } from './turns';

/** Items serialised at a time (about 70 KB of tasks), in as many turns of the event loop as they take. */
const ITEMS_PER_CHUNK = 100;

/**
 * A large JSON array answered a slice at a time, the event loop free between slices: serialising
 * (and compressing) thousands of items in one call holds every other request of the process for
 * tens of milliseconds. The body is the same JSON array `res.json` would send, without an ETag.
 */
export function jsonArrayStream(items: readonly unknown[]): StreamableFile {
  async function* slices(): AsyncGenerator<string> {
    const turns = new Turns();
    yield '[';
    for (let from = 0; from < items.length; from += ITEMS_PER_CHUNK) {
      if (turns.over) await turns.next();
      const slice = JSON.stringify(items.slice(from, from + ITEMS_PER_CHUNK)).slice(1, -1); // the items, without the brackets
      yield from > 0 ? `,${slice}` : slice;
    }
    yield ']';
  }
  return new StreamableFile(Readable.from(slices()), { type: 'application/json; charset=utf-8' });
}
