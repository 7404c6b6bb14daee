export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: 'invalid' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}
