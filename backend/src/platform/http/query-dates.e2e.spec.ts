import type TestAgent from 'supertest/lib/agent';
import { DATE_RANGE_MAX_DAYS, TASK_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { useTestApp } from '../../test-support/test-app';

/**
 * Issue 22: query parameters are validated like bodies. Every route that takes a date in its query
 * answers 400 with the date rules' message for a date outside 1900-01-01..2100-12-31, an impossible
 * date, garbage or a blank value (never a 500, never a silent 200 []); a range is at most 62 days and
 * does not end before it starts. The server-rendered `/` ignores its query by design.
 */
describe('query dates: 400 on every route, like bodies', () => {
  let owner: TestAgent;
  let childId: string;

  /**
   * Every route that takes a date in its query, with the date put in each place it can go; `other`
   * is the other end of a range (a valid date).
   */
  const routes = (date: string, other: string) => {
    const d = encodeURIComponent(date);
    return [
      { route: 'GET /api/tasks?date', field: 'date', path: `/api/tasks?date=${d}` },
      { route: 'GET /api/tasks?childId&date', field: 'date', path: `/api/tasks?childId=${childId}&date=${d}` },
      { route: 'GET /api/children/{id}/tasks?date', field: 'date', path: `/api/children/${childId}/tasks?date=${d}` },
      { route: 'GET /api/children/{id}/tasks?startDate', field: 'startDate', path: `/api/children/${childId}/tasks?startDate=${d}` },
      { route: 'GET /api/children/{id}/tasks?endDate', field: 'endDate', path: `/api/children/${childId}/tasks?endDate=${d}` },
      { route: 'GET /api/children/{id}/tasks?startDate&endDate (start)', field: 'startDate', path: `/api/children/${childId}/tasks?startDate=${d}&endDate=${other}` },
      { route: 'GET /api/children/{id}/tasks?startDate&endDate (end)', field: 'endDate', path: `/api/children/${childId}/tasks?startDate=${other}&endDate=${d}` },
      { route: 'GET /api/progress?childId&date', field: 'date', path: `/api/progress?childId=${childId}&date=${d}` },
    ];
  };

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    owner = (await t.signUp()).agent;
    childId = (await owner.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
  }, 60_000);

  it.each([
    ['9999-12-31', VALIDATION_MESSAGES.dateRange],
    ['0000-01-01', VALIDATION_MESSAGES.dateRange],
    ['1899-12-31', VALIDATION_MESSAGES.dateRange],
    ['2101-01-01', VALIDATION_MESSAGES.dateRange],
    ['10000-01-01', VALIDATION_MESSAGES.dateRange],
    ['2025-02-30', TASK_MESSAGES.invalidDate],
    ['x', TASK_MESSAGES.invalidDate],
    ['', TASK_MESSAGES.invalidDate],
    ['2026-1-1', TASK_MESSAGES.invalidDate],
  ])('%j is a 400 naming the field on every route', async (date, message) => {
    for (const { route, field, path } of routes(date, '2026-01-01')) {
      const res = await owner.get(path);
      expect({ route, status: res.status, message: res.body.message, fields: (res.body.errors ?? []).map((e: { field: string }) => e.field) }).toEqual({
        route,
        status: 400,
        message,
        fields: [field],
      });
    }
  });

  it('a repeated parameter (?date=a&date=b) is a 400, not a 500', async () => {
    for (const path of [`/api/tasks?date=2026-01-01&date=2026-01-02`, `/api/progress?childId=${childId}&date=2026-01-01&date=2026-01-02`]) {
      expect([path, (await owner.get(path)).status]).toEqual([path, 400]);
    }
  });

  it.each(['1900-01-01', '2100-12-31'])('%s, the edge of the range, is accepted on every route', async (date) => {
    for (const { route, path } of routes(date, date)) {
      if (route.endsWith('?endDate')) continue; // an end alone starts today: decades are too long a range (below)
      const res = await owner.get(path);
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
    }
  });

  describe(`a range of at most ${DATE_RANGE_MAX_DAYS} days`, () => {
    const range = (start: string, end: string) => owner.get(`/api/children/${childId}/tasks?startDate=${start}&endDate=${end}`);

    it('62 days (both ends included) are answered, 63 are a 400 naming the limit', async () => {
      await range('2026-01-01', '2026-03-03').expect(200); // 31 + 28 + 3
      await range('2100-11-01', '2100-12-31').expect(200);
      for (const [start, end] of [['2026-01-01', '2026-03-04'], ['2026-01-01', '2026-12-31'], ['1900-01-01', '2100-12-31']]) {
        const res = await range(start, end);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: expect.objectContaining({ message: 'A date range is at most 62 days.', errors: [{ field: 'endDate', message: VALIDATION_MESSAGES.rangeTooLong }] }),
        });
      }
    });

    it('an end before the start is a 400; one day (start = end) is answered', async () => {
      const res = await range('2026-03-02', '2026-03-01');
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: VALIDATION_MESSAGES.rangeBackwards });
      await range('2026-03-01', '2026-03-01').expect(200);
    });

    it('a start alone is a week, an end alone starts today: both stay within the limit', async () => {
      await owner.get(`/api/children/${childId}/tasks?startDate=2100-12-30`).expect(200);
      const far = await owner.get(`/api/children/${childId}/tasks?endDate=2100-12-31`);
      expect({ status: far.status, message: far.body.message }).toEqual({ status: 400, message: VALIDATION_MESSAGES.rangeTooLong });
    });
  });

  it('ids in the path or query that are not UUIDs: 400 or 404, never a 500', async () => {
    for (const id of ['x', '1', '00000000-0000-0000-0000-00000000000g']) {
      expect((await owner.get(`/api/tasks?childId=${id}`)).status).toBe(400);
      expect((await owner.get(`/api/progress?childId=${id}`)).status).toBe(400);
      expect((await owner.get(`/api/children/${id}/tasks`)).status).toBe(400);
      expect((await owner.get(`/api/tasks/${id}`)).status).toBe(404);
      expect((await owner.get(`/api/tasks/${id}/history`)).status).toBe(404);
    }
  });
});
