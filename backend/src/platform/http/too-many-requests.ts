import { HttpException, HttpStatus } from '@nestjs/common';

/** "1 second", "16 seconds", "2 minutes" (whole minutes, rounded up, from one minute on). */
export function waitText(seconds: number): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A 429 that says when to come back: in its message and, through the exception filter, in `Retry-After`. */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  /** `exact`: `reason` is the whole message (a contract fixes it), the wait is only in `Retry-After`. */
  constructor(reason: string, retryAfterSeconds: number, { exact = false }: { exact?: boolean } = {}) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(exact ? reason : `${reason} Please wait ${waitText(seconds)} and try again.`, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = seconds;
  }
}
