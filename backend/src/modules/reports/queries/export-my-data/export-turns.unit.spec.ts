import { HttpException } from '@nestjs/common';
import { REPORT_TEXT } from '@carecircle/libs';
import { EXPORTS_AT_ONCE, ExportTurns } from './export-turns';

const refusal = (take: () => unknown): { status: number; message: string } | null => {
  try {
    take();
    return null;
  } catch (error) {
    return { status: (error as HttpException).getStatus(), message: (error as HttpException).message };
  }
};

describe('export turns', () => {
  it('one export per user at a time: a second is a 429 until the first is released (twice is harmless)', () => {
    const turns = new ExportTurns();
    const release = turns.take('ana');
    expect(refusal(() => turns.take('ana'))).toEqual({ status: 429, message: REPORT_TEXT.exportBusy });
    release();
    release();
    expect(refusal(() => turns.take('ana'))).toBeNull();
  });

  it(`at most ${EXPORTS_AT_ONCE} at once in the process; one ending lets the next in`, () => {
    const turns = new ExportTurns();
    const releases = Array.from({ length: EXPORTS_AT_ONCE }, (_, i) => turns.take(`user-${i}`));
    expect(refusal(() => turns.take('late'))).toEqual({ status: 429, message: REPORT_TEXT.exportsBusy });
    releases[0]();
    expect(refusal(() => turns.take('late'))).toBeNull();
  });
});
