/**
 * A rule of the domain said no. Deciders throw it; the HTTP exception filter maps `kind` to a status
 * once for the whole app. `code` is stable (e.g. 'CARE_RECIPIENTS.NOT_FOUND') for clients and logs.
 * `details` are extra facts a client needs (e.g. who completed a task and when); the filter copies
 * them into the answer body beside statusCode, message and code (which they cannot override).
 */
/** 'gone': the thing existed but can no longer be used (a revoked, expired or used invitation link): 410. */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'gone';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * A module's "this field is invalid" error: `const invalid = invalidInput('SCHEDULING.INVALID')`,
 * then `throw invalid('name', TASK_MESSAGES.nameRequired)` is a 400 naming the field.
 */
export const invalidInput =
  (code: string) =>
  (field: string, message: string): DomainError =>
    new DomainError(code, 'invalid', message, [{ field, message }]);
