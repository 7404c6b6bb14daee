import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** DTO validation: unknown properties are dropped, wrong types are a 400 naming each field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      return new BadRequestException({ message: list[0]?.message ?? 'Invalid request', errors: list });
    },
  });
}
