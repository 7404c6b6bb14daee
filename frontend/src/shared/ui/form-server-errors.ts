import type { FormInstance } from 'antd';
import { fieldErrors, isSessionExpired, reasonOf } from '../api/api-error';
import { toast } from './toast';

/**
 * Which of the form's fields shows a server field's message: the names the form shares with the
 * server, or a mapping from the server's name (undefined: no field of this form).
 */
export type ServerFields = readonly string[] | ((serverField: string) => string | undefined);

function formFieldOf(fields: ServerFields, serverField: string): string | undefined {
  if (typeof fields === 'function') return fields(serverField);
  return fields.includes(serverField) ? serverField : undefined;
}

/** Puts the server's per-field messages (the `errors` of a 400 answer) under the form's own fields; true when a field took one. */
export function putFieldErrors(form: FormInstance, error: unknown, fields: ServerFields): boolean {
  const perField = fieldErrors(error).flatMap((item) => {
    const name = formFieldOf(fields, item.field);
    return name === undefined ? [] : [{ name, errors: [item.message] }];
  });
  if (perField.length > 0) form.setFields(perField);
  return perField.length > 0;
}

/**
 * Puts the server's per-field messages under the form's own fields. Answers the server's reason when
 * no field took it (a 4xx such as a limit reached), so the dialog can say it; undefined when a field
 * took it or for server faults.
 */
export function showServerErrors(form: FormInstance, error: unknown, fields: ServerFields): string | undefined {
  return putFieldErrors(form, error, fields) ? undefined : reasonOf(error);
}

/**
 * A save the server refused: its per-field messages under the fields, then a toast (title 'Error'
 * unless given), except for an ended session, which the API layer already announces.
 */
export function reportSaveError(form: FormInstance, error: unknown, fields: ServerFields, message: { title?: string; description: string }): void {
  putFieldErrors(form, error, fields);
  if (isSessionExpired(error)) return;
  toast({ title: message.title ?? 'Error', description: message.description, variant: 'destructive' });
}
