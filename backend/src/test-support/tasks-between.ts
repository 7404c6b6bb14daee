import type TestAgent from 'supertest/lib/agent';
import { addDays, DATE_RANGE_MAX_DAYS, type Task } from '@carecircle/libs';

/**
 * Every task of a recipient from `start` to `end` (both included), read the way a client must: in
 * ranges of at most DATE_RANGE_MAX_DAYS days, the most one GET answers.
 */
export async function tasksBetween(agent: TestAgent, childId: string, start: string, end: string): Promise<Task[]> {
  const tasks: Task[] = [];
  for (let from = start; from <= end; from = addDays(from, DATE_RANGE_MAX_DAYS)) {
    const to = [addDays(from, DATE_RANGE_MAX_DAYS - 1), end].sort()[0];
    const res = await agent.get(`/api/children/${childId}/tasks?startDate=${from}&endDate=${to}`);
    if (res.status !== 200) throw new Error(`GET tasks ${from}..${to}: ${res.status} ${JSON.stringify(res.body)}`);
    tasks.push(...(res.body as Task[]));
  }
  return tasks;
}
