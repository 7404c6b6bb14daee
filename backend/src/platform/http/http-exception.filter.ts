import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@carecircle/libs';
import { DomainError, type DomainErrorKind } from '../commands/domain-error';
import { WrongExpectedVersionError } from '../event-store/event-store';
import { ProjectionFailedError } from '../projections/projection-failures';
import { ProjectionLagError } from '../projections/projection-runner';
import { TooManyRequestsException } from './too-many-requests';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
};

/** body-parser's error types for bad bodies. */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: 400, message: 'The request body is not valid JSON' },
  'entity.too.large': { status: 413, message: 'The request body is too large' },
  'encoding.unsupported': { status: 415, message: 'Unsupported body encoding' },
  'charset.unsupported': { status: 415, message: 'Unsupported body charset' },
};

/** The one place where errors become HTTP answers: JSON `{statusCode, message, code?, errors?}`, never a 500 for bad input. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500 && !(exception instanceof ProjectionLagError) && !(exception instanceof ProjectionFailedError)) {
      this.log.error(exception instanceof Error ? exception.stack : String(exception));
    }
    if (response.headersSent) return;
    if (exception instanceof TooManyRequestsException) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiError & Record<string, unknown> {
    if (exception instanceof DomainError) {
      return {
        ...exception.details,
        statusCode: STATUS_OF_KIND[exception.kind],
        message: exception.message,
        code: exception.code,
        ...(exception.errors ? { errors: exception.errors } : {}),
      };
    }
    if (exception instanceof WrongExpectedVersionError) {
      return { statusCode: 409, message: 'Someone else changed this at the same moment. Please try again.', code: exception.code };
    }
    if (exception instanceof ProjectionFailedError) {
      // A defect of ours, already logged by the projector: the answer carries the reference to quote.
      return { statusCode: 500, message: exception.message, code: exception.code, correlationId: exception.correlationId };
    }
    if (exception instanceof ProjectionLagError) {
      return { statusCode: 503, message: exception.message, code: exception.code };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return { statusCode: status, message: response };
      const { message, errors, code } = response as { message?: string | string[]; errors?: ApiError['errors']; code?: string };
      return {
        statusCode: status,
        message: Array.isArray(message) ? message.join('; ') : (message ?? exception.message),
        ...(code ? { code } : {}),
        ...(errors ? { errors } : {}),
      };
    }
    // PostgreSQL out of connections or starting up: the request may succeed in a moment.
    if (/^(53|57P03)/.test(String((exception as { code?: unknown })?.code ?? ''))) {
      return { statusCode: 503, message: 'The service is busy right now. Please try again in a moment.' };
    }
    const bodyError = BODY_ERRORS[(exception as { type?: string })?.type ?? ''];
    if (bodyError) return { statusCode: bodyError.status, message: bodyError.message };
    return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
  }
}
