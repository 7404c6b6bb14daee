import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { User } from '@carecircle/libs';
import { readYourWrites } from '../../../platform/http/read-your-writes';
import type { ProjectionRunner } from '../../../platform/projections/projection-runner';
import type { UserEntity } from '../read-models/users/users.entity';
import type { UsersQuery } from '../read-models/users/users.query';
import { SessionGuard } from './session.guard';

const ana = '10000000-0000-4000-8000-000000000001';
/** The row the session's statement loads (USER_OF_SESSION: byId's columns as JSON). */
const row = (id: string, firstName: string) =>
  ({
    id, email: 'ana@example.com', firstName, lastName: 'Silva', profileImageUrl: null, role: 'parent', timezone: 'Asia/Tokyo', subscriptionPlan: null,
    subscriptionActive: false, primaryUserId: null, hasWebAuthn: false, enablePrayerTasks: false, prayerCalculationMethod: 2, latitude: null, longitude: null,
    createdAt: '2026-11-01T08:00:00+00:00', updatedAt: '2026-11-03T08:00:00.123456+00:00',
  }) as unknown as UserEntity;

describe('SessionGuard: the user loaded with the session', () => {
  const read: string[] = [];
  const fromQuery = { id: ana, firstName: 'Ana (read again)' } as User;
  const users = { byId: async (id: string) => (read.push(id), id === ana ? fromQuery : null) } as unknown as UsersQuery;
  const guard = new SessionGuard({ getAllAndOverride: () => false } as unknown as Reflector, users);
  const request = (session: object) => ({ session: { userId: ana, signedInAt: Date.now(), ...session } }) as unknown as Request & { user?: User };
  const activate = (req: Request) => guard.canActivate({ getHandler: () => null, getClass: () => null, switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext);
  beforeEach(() => (read.length = 0));

  it('takes the row the session statement loaded, without reading the user again', async () => {
    const req = request({ alongside: row(ana, 'Ana') });
    await expect(activate(req)).resolves.toBe(true);
    expect(req.user).toMatchObject({ id: ana, firstName: 'Ana', createdAt: '2026-11-01T08:00:00.000Z', updatedAt: '2026-11-03T08:00:00.123Z' });
    expect(read).toEqual([]);
  });

  it('reads the user when nothing was loaded, or a row of another user', async () => {
    for (const alongside of [undefined, row('10000000-0000-4000-8000-000000000002', 'Someone else')]) {
      const req = request({ alongside });
      await activate(req);
      expect(req.user).toBe(fromQuery);
    }
    expect(read).toEqual([ana, ana]);
  });

  const afterWaitFor = async (types: string[]) => {
    const req = request({ alongside: row(ana, 'Ana'), written: { position: '7', types } });
    const projections = { waitFor: async () => undefined } as unknown as ProjectionRunner;
    await new Promise<void>((next) => readYourWrites(projections, null as never, () => undefined)(req, {} as Response, () => next()));
    await activate(req);
    return req.user;
  };

  it('reads the user again when the request waited for session writes that change a user row (the loaded row predates them)', async () => {
    expect(await afterWaitFor(['ProfileUpdated', 'TaskCompleted'])).toBe(fromQuery);
    expect(read).toEqual([ana]);
  });

  it('keeps the loaded row after a wait for writes that no user row follows (a tick, an untick)', async () => {
    expect(await afterWaitFor(['TaskCompleted', 'TaskUncompleted'])).toMatchObject({ id: ana, firstName: 'Ana' });
    expect(read).toEqual([]);
  });

  it('refuses a session whose user no longer exists', async () => {
    await expect(activate(request({ userId: '10000000-0000-4000-8000-00000000dead' }))).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
