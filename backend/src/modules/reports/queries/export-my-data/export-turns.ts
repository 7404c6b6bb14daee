import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { REPORT_TEXT } from '@carecircle/libs';

/**
 * Exports being written by this process: at most one per user and EXPORTS_AT_ONCE in all. An
 * export of years of tasks takes a while and a database connection at a time; limiting how many run
 * keeps the pool and the event loop for every other family's requests (DESIGN.md: no family's
 * request slows another's). Another one is a 429 to try again later.
 */
export const EXPORTS_AT_ONCE = 2;

@Injectable()
export class ExportTurns {
  private readonly running = new Set<string>();

  /** Takes the user's turn, or refuses; the returned release must be called once the export ends. */
  take(userId: string): () => void {
    if (this.running.has(userId)) throw new HttpException(REPORT_TEXT.exportBusy, HttpStatus.TOO_MANY_REQUESTS);
    if (this.running.size >= EXPORTS_AT_ONCE) throw new HttpException(REPORT_TEXT.exportsBusy, HttpStatus.TOO_MANY_REQUESTS);
    this.running.add(userId);
    let released = false;
    return () => {
      if (!released) this.running.delete(userId);
      released = true;
    };
  }
}
