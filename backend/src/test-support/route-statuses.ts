import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';

/** One route of an authorization table: a name for the failure message and how to call it. */
export interface RouteCall {
  name: string;
  call: (agent: TestAgent) => Test;
}

/**
 * Calls every route in order as `agent`; each must answer the status `expected` gives it. A failure
 * names the route, so one table serves the owner, another family, a reader and anonymous callers.
 */
export async function expectRouteStatuses<R extends RouteCall>(routes: R[], agent: TestAgent, expected: (route: R) => number): Promise<void> {
  for (const route of routes) {
    const res = await route.call(agent);
    expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: expected(route) });
  }
}
