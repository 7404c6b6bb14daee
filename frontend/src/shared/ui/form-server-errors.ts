import type { FormInstance } from 'antd';
import { fieldErrors, reasonOf } from '../api/api-error';

/**
 * Puts the server's per-field messages (the `errors` of a 400 answer) under the form's own fields,
 * for the fields the form has. Answers the server's reason when no field took it (a 4xx such as a
 * limit reached), so the dialog can say it; undefined when a field took it or for server faults.
 */
export function showServerErrors(form: FormInstance, error: unknown, fields: readonly string[]): string | undefined {
  const perField = fieldErrors(error).filter((item) => fields.includes(item.field));
  if (perField.length > 0) {
    form.setFields(perField.map((item) => ({ name: item.field, errors: [item.message] })));
    return undefined;
  }
  return reasonOf(error);
}
