import type { ApiError } from '@carecircle/libs';

/** Every failed API call carries `message`: the status code, a colon, a space, then the body text
 * (or the status text when the body is empty), per spec document 1, section 8. */
export interface ApiQueryError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The parsed error body (`ApiError`) when the server answered JSON, else the raw text. */
  data?: unknown;
}

export function errorMessageFor(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** A failure whose message starts with 401 and contains Unauthorized means the session is gone. */
export function isUnauthorizedMessage(message: string): boolean {
  return message.startsWith('401') && message.includes('Unauthorized');
}

function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).message === 'string';
}

function asApiQueryError(error: unknown): ApiQueryError | undefined {
  if (typeof error === 'object' && error !== null && typeof (error as ApiQueryError).message === 'string') {
    return error as ApiQueryError;
  }
  return undefined;
}

/** The server's own message (`{message}` of the error body) when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const data = asApiQueryError(error)?.data;
  if (isApiErrorBody(data) && data.message.trim()) return data.message;
  return undefined;
}

/** The server's message for one field of a 400 answer (`errors: [{field, message}]`). */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  const data = asApiQueryError(error)?.data;
  if (isApiErrorBody(data) && Array.isArray(data.errors)) return data.errors;
  return [];
}

export function statusOf(error: unknown): ApiQueryError['status'] | undefined {
  return asApiQueryError(error)?.status;
}

/** True when the failure is the signed-out 401 the API layer already announces with its own toast. */
export function isSessionExpired(error: unknown): boolean {
  const message = asApiQueryError(error)?.message;
  return message !== undefined && isUnauthorizedMessage(message);
}

/**
 * Why the server refused a request, in its own words, for a toast: the first field's message of a
 * 4xx answer, else its message. Undefined for server faults and lost connections, where the
 * screen's own "Please try again" text is the honest one.
 */
export function reasonOf(error: unknown): string | undefined {
  const status = statusOf(error);
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return fieldErrors(error)[0]?.message ?? serverMessage(error);
}
