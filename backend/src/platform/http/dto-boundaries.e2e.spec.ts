import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import type TestAgent from 'supertest/lib/agent';
import { INT4_MAX } from '@carecircle/libs';
import { useTestApp, type TestApp } from '../../test-support/test-app';
import { tasksBetween } from '../../test-support/tasks-between';

/**
 * Every command DTO, found from the routes Nest registered (a new route's DTO is covered without
 * editing this test), gets the boundary values of each of its fields: each must be a 400 naming
 * that field, and none may change anything. Which values a field gets follows from its rules
 * (platform/http/dto-rules.ts); a field without a recognised rule fails the test.
 */

type DtoClass = new () => object;
const ADMIN_EMAIL = 'boundary.admin@example.com';
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];
interface CommandRoute {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  dto: DtoClass;
}
interface FieldCase {
  /** The field the 400 must name (nested: `appointmentDetails.startTime`, `tasks.0.time`). */
  field: string;
  label: string;
  body: Record<string, unknown>;
}

const DATES = ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '2026-02-30'];
const TIMES = ['24:00', '23:60', '7:5'];
/** Links that must never be stored: other schemes, plain http, scheme-relative, credentials, other paths. */
const BAD_LINKS = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://example.com/photo.png', 'ftp://example.com/photo.png', '//evil.example/photo.png', 'https://user:pw@example.com/', '/api/health'];
/** What every link field accepts. */
const GOOD_LINKS = ['https://example.com/photo.png'];
/** Rules that say what a field holds; a field with none of them is unchecked and fails the test. */
const VALUE_RULES = new Set([
  'isCalendarDate', 'isClockTime', 'isInt', 'maxLength', 'isLength', 'isTextOrTextList', 'isEmailAddress', 'isIn', 'isUuid',
  'isBoolean', 'isTimeNotes', 'isDaysOfWeek', 'isMinutes', 'isLink', 'nestedValidation', 'isAmount', 'isDegrees',
]);

/** Fields named like a date or a clock time must carry that rule (minutes such as travelTime are not clock times). */
const NAMED_KINDS: [RegExp, string][] = [
  [/^date$|Date$|^dateOf/, 'isCalendarDate'],
  // (A push subscription's expirationTime is milliseconds, named by the browser.)
  [/^time$|^(?!travel|prep|expiration).*Times?$/, 'isClockTime'],
  [/Url$|Link$/, 'isLink'],
  [/^email$|Email$/, 'isEmailAddress'],
];

/** The routes taking a JSON body DTO (the command routes), from Nest's route metadata. */
function commandRoutes(t: TestApp): CommandRoute[] {
  const scanner = new MetadataScanner();
  const routes: CommandRoute[] = [];
  for (const wrapper of t.app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!controller) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const args: Record<string, { index: number; data?: unknown }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
      const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
      for (const [key, arg] of Object.entries(args)) {
        if (Number(key.split(':')[0]) !== RouteParamtypes.BODY || arg.data !== undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase() as CommandRoute['method'];
        const full = `/api/${[base, path].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
        routes.push({ method, path: full, dto: types[arg.index] as DtoClass });
      }
    }
  }
  return routes;
}

const rulesOf = (dto: DtoClass): ValidationMetadata[] => getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);

/** The class a nested field is transformed into (its @Type), found through class-transformer itself. */
function nestedClass(dto: DtoClass, property: string, each: boolean): DtoClass {
  const sample = plainToInstance(dto, { [property]: each ? [{}] : {} }) as Record<string, unknown>;
  const value = each ? (sample[property] as object[])[0] : sample[property];
  return (value as object).constructor as DtoClass;
}

/**
 * The boundary cases of every field of a DTO, nested DTOs included; with `accepted`, the values a
 * field must accept instead (valid links).
 */
function fieldCases(dto: DtoClass, path: string[] = [], place: (value: object) => Record<string, unknown> = (v) => v as Record<string, unknown>, accepted = false): FieldCase[] {
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rulesOf(dto)) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  const cases: FieldCase[] = [];
  for (const [property, rules] of byProperty) {
    const field = [...path, property].join('.');
    const named = (name: string) => rules.find((r) => (r.name ?? r.type) === name);
    const kinds = rules.map((r) => r.name ?? r.type).filter((name) => VALUE_RULES.has(name));
    if (kinds.length === 0) throw new Error(`${dto.name}.${property} has no value rule from platform/http/dto-rules.ts`);
    for (const [looksLike, rule] of NAMED_KINDS) {
      if (looksLike.test(property) && !kinds.includes(rule)) throw new Error(`${dto.name}.${property} looks like it needs ${rule}`);
    }
    const add = (label: string, value: unknown, each = false) =>
      cases.push({ field, label: `${field} = ${label}`, body: place({ [property]: each ? [value] : value }) });

    const nested = named('nestedValidation');
    if (nested) {
      const each = nested.each === true;
      const inner = nestedClass(dto, property, each);
      cases.push(...fieldCases(inner, each ? [...path, property, '0'] : [...path, property], (v) => place({ [property]: each ? [v] : v }), accepted));
      continue;
    }
    if (accepted) {
      if (named('isLink')) for (const value of GOOD_LINKS) add(value, value);
      continue;
    }
    const date = named('isCalendarDate');
    if (date) for (const value of DATES) add(value, value);
    const time = named('isClockTime');
    if (time) for (const value of TIMES) add(value, value, time.each);
    if (named('isInt')) {
      // Past an integer column's range; a field bounded beyond it (milliseconds, stored as a time) just past its own bound.
      const over = Math.max(INT4_MAX, (named('max')?.constraints[0] as number | undefined) ?? INT4_MAX) + 1;
      add(String(over), over);
      const min = named('min')?.constraints[0] as number | undefined;
      if (min !== undefined && min >= 0) add('-1', -1);
    }
    const max = (named('maxLength')?.constraints[0] ?? named('isLength')?.constraints[1] ?? named('isTextOrTextList')?.constraints[0]) as number | undefined;
    if (max !== undefined) {
      const each = (named('maxLength') ?? named('isLength'))?.each === true;
      add(`${max + 1} characters`, 'x'.repeat(max + 1), each);
      add('a NUL', 'a\u0000b', each);
      add('a lone surrogate', 'a\ud800b', each);
    }
    const oneOf = named('isIn');
    if (oneOf) add('an unknown value', 'not-in-the-list', oneOf.each);
    if (named('isUuid')) add('not a UUID', 'not-a-uuid');
    if (named('isBoolean')) add('text for a boolean', 'yes');
    if (named('isTimeNotes')) {
      add('a note at 24:00', { '24:00': 'x' });
      add('a note too long', { '08:00': 'x'.repeat((named('isTimeNotes')!.constraints[0] as number) + 1) });
    }
    if (named('isDaysOfWeek')) {
      add('day 7', 7, true);
      add('an unknown day', 'someday', true);
    }
    if (named('isMinutes')) {
      add('-1', -1);
      add(String(INT4_MAX + 1), INT4_MAX + 1);
    }
    const amount = named('isAmount');
    if (amount) {
      const [min, max, exclusiveMin] = amount.constraints as [number, number, boolean];
      for (const value of [min - 1, max + 0.01, 1e308, 2 ** 31, 0.001]) add(String(value), value);
      if (exclusiveMin) add(String(min), min);
      add('text for a number', '5');
    }
    const degrees = named('isDegrees');
    if (degrees) {
      const [min, max] = degrees.constraints as [number, number];
      for (const value of [min - 0.000001, max + 0.000001, 1e308, -1e308]) add(String(value), value);
      add('text for a number', '5');
    }
    if (named('isLink')) for (const value of BAD_LINKS) add(value, value);
    if (named('isEmailAddress')) add('not an email', 'maya@');
  }
  return cases;
}

describe('every command DTO refuses boundary values with a 400 naming the field', () => {
  let owner: TestAgent;
  let ownerId: string;
  let admin: TestAgent;
  let childId: string;
  let taskId: string;
  let templateId: string;
  let routes: CommandRoute[];
  const events = () => t.eventCount();
  const snapshot = async () => ({
    children: (await owner.get('/api/children')).body,
    tasks: await tasksBetween(owner, childId, '2026-01-01', '2026-12-31'),
    templates: (await owner.get(`/api/children/${childId}/task-templates`)).body,
    medications: (await owner.get(`/api/children/${childId}/medications`)).body,
    updates: (await owner.get(`/api/children/${childId}/updates`)).body,
  });

  const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, 60_000);
  beforeAll(async () => {
    const signedUp = await t.signUp();
    owner = signedUp.agent;
    ownerId = signedUp.user.id;
    admin = (await t.signUp({ email: ADMIN_EMAIL })).agent;
    childId = (await owner.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    [{ id: taskId }] = (
      await owner.post(`/api/children/${childId}/tasks`).send({ name: 'Oxybutynin', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: '2026-06-01' }).expect(201)
    ).body;
    templateId = (await owner.post('/api/repeating-tasks').send({ childId, name: 'Stretching', category: 'exercise_activity', scheduledTime: '07:30' }).expect(201)).body.template.id;
    routes = commandRoutes(t);
  }, 60_000);

  it('finds the command routes from Nest, each with a DTO', () => {
    const names = new Set(routes.map((r) => r.dto.name));
    for (const expected of ['RegisterDto', 'LoginDto', 'ChildDto', 'MedicationDto', 'CreateTaskDto', 'UpdateTaskDto', 'TaskTemplateDto', 'RepeatingTaskDto', 'BulkTasksDto', 'ChangeRepeatingTaskDto', 'StopRepeatingTaskDto', 'EmergencyContactDto', 'DoctorDto', 'FamilySupportDto', 'InviteCaregiverDto', 'CaregiverAccessDto', 'CareUpdateDto']) {
      expect(names).toContain(expected);
    }
    for (const route of routes) expect(rulesOf(route.dto).length).toBeGreaterThan(0);
  });

  it('refuses each boundary value of each field, and nothing changes', async () => {
    const before = { events: await events(), read: await snapshot() };
    const ids: Record<string, string> = { childId, id: taskId, templateId, userId: ownerId };
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? taskId);
      // Admin routes answer super admins only (403 before the body is read).
      const agent = route.path.startsWith('/api/admin/') ? admin : owner;
      for (const { field, label, body } of fieldCases(route.dto)) {
        tried += 1;
        // A route whose recipient is in the body (repeating tasks) needs a real one; DTOs without the field drop it.
        const res = await agent[route.method](url).send({ childId, ...body });
        const fields: string[] = (res.body.errors ?? []).map((e: { field: string }) => e.field);
        if (res.status !== 400 || !fields.some((f) => f === field || f.startsWith(`${field}.`))) {
          failures.push(`${route.method.toUpperCase()} ${route.path} ${route.dto.name} ${label}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(300);
    expect({ events: await events(), read: await snapshot() }).toEqual(before);
  }, 300_000);

  it('accepts an https link in every link field (the field is never the one refused)', async () => {
    const ids: Record<string, string> = { childId, id: taskId };
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? taskId);
      for (const { field, label, body } of fieldCases(route.dto, [], undefined, true)) {
        tried += 1;
        const res = await owner[route.method](url).send({ childId, ...body });
        const fields: string[] = (res.body.errors ?? []).map((e: { field: string }) => e.field);
        if (res.status >= 500 || fields.includes(field)) failures.push(`${route.method.toUpperCase()} ${route.path} ${label}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
    // videoLink, imageUrl (tasks, templates, repeating and bulk tasks, care updates), photoUrl (x2), profileImageUrl
    expect(tried).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
