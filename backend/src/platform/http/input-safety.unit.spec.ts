import { MAX_JSON_DEPTH, VALIDATION_MESSAGES } from '@carecircle/libs';
import { findInputProblem } from './input-safety.middleware';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('findInputProblem', () => {
  it('accepts ordinary JSON, emoji included', () => {
    expect(findInputProblem({ name: 'Maya 👧', tasks: [{ time: '08:00', tags: ['a', 1, null, true] }] })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });

  it('names the field of a NUL or a lone surrogate, in values, nested values and array items', () => {
    expect(findInputProblem({ firstName: 'a\u0000' })).toEqual({ field: 'firstName', message: `firstName ${VALIDATION_MESSAGES.unsafeText}` });
    expect(findInputProblem({ appointmentDetails: { location: '\ud800' } })?.field).toBe('appointmentDetails.location');
    expect(findInputProblem({ tasks: [{ name: 'ok' }, { name: 'x\udfff' }] })?.field).toBe('tasks.1.name');
    expect(findInputProblem(['\u0000'])?.field).toBe('0');
  });

  it('names a key holding one, printably', () => {
    expect(findInputProblem({ timeNotes: { '08:00\u0000': 'x' } })).toEqual({
      field: 'timeNotes.08:00\ufffd',
      message: `timeNotes.08:00\ufffd ${VALIDATION_MESSAGES.unsafeText}`,
    });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH}, without recursing (5,000 levels)`, () => {
    expect(findInputProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findInputProblem(nested(MAX_JSON_DEPTH + 1))).toEqual({ field: 'a', message: VALIDATION_MESSAGES.tooDeep });
    expect(findInputProblem({ notes: nested(5000) })).toEqual({ field: 'notes', message: VALIDATION_MESSAGES.tooDeep });
    let list: unknown = [];
    for (let i = 0; i < 100_000; i++) list = [list];
    expect(findInputProblem(list)?.message).toBe(VALIDATION_MESSAGES.tooDeep);
  });
});
