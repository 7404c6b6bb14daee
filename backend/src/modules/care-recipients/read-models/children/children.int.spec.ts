import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { ChildAccessProjection } from '../child-access/child-access.projection';
import { ChildrenProjection } from './children.projection';
import { ChildrenQuery } from './children.query';

describe('children read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const children = new ChildrenProjection();
  const access = new ChildAccessProjection();

  const added = (childId: string, primaryCaregiverId: string, firstName: string, addedAt: string) =>
    h.record(`care-recipient-${childId}`, {
      type: 'CareRecipientAdded',
      data: {
        childId, primaryCaregiverId, firstName, lastName: 'Lopez', dateOfBirth: '2018-03-04', medicalNotes: 'Spina bifida',
        notes: null, gender: null, phone: null, email: null, profileImageUrl: null, addedAt,
      },
    });

  const ids = { maya: '00000000-0000-4000-8000-000000000001', leo: '00000000-0000-4000-8000-000000000002', other: '00000000-0000-4000-8000-000000000003' };
  const parent = '10000000-0000-4000-8000-000000000001';
  const grandpa = '10000000-0000-4000-8000-000000000002';
  const stranger = '10000000-0000-4000-8000-000000000003';

  it('projects added, updated and shared recipients; lists them oldest first per user with canEdit', async () => {
    const events = [
      added(ids.maya, parent, 'Maya', '2026-11-01T10:00:00Z'),
      added(ids.leo, parent, 'Leo', '2026-11-02T10:00:00Z'),
      added(ids.other, stranger, 'Other', '2026-11-03T10:00:00Z'),
      h.record(`care-recipient-${ids.maya}`, { type: 'CareRecipientUpdated', data: { childId: ids.maya, lastName: 'Cruz', updatedAt: '2026-11-05T10:00:00Z' } }),
      h.record(`care-recipient-${ids.leo}`, { type: 'CaregiverAccessGranted', data: { childId: ids.leo, userId: grandpa, canEdit: false, grantedAt: '2026-11-05T10:00:00Z' } }),
    ];
    await h.apply(children, events);
    await h.apply(access, events);
    const query = new ChildrenQuery(h.orm.em);

    const mine = await query.listFor(parent);
    expect(mine.map((c) => [c.name, c.canEdit])).toEqual([['Maya Cruz', true], ['Leo Lopez', true]]);
    expect(mine[0]).toMatchObject({ dateOfBirth: '2018-03-04', medicalConditions: 'Spina bifida', updatedAt: '2026-11-05T10:00:00.000Z' });
    expect((await query.listFor(grandpa)).map((c) => [c.name, c.canEdit])).toEqual([['Leo Lopez', false]]);
    expect(await query.getFor(grandpa, ids.maya)).toBeNull();
    expect(await query.getFor(stranger, ids.maya)).toBeNull();
  });

  it('sharedBy lists who the owner’s recipients are shared with, and nothing of other families', async () => {
    const query = new ChildrenQuery(h.orm.em);
    expect(await query.sharedBy(parent)).toEqual([{ userId: grandpa, childId: ids.leo, childName: 'Leo Lopez', canEdit: false }]);
    expect(await query.sharedBy(grandpa)).toEqual([]);
    expect(await query.sharedBy(stranger)).toEqual([]);
  });

  it('is idempotent: applying the same events again changes nothing', async () => {
    const before = await h.rows('children');
    const again = [
      h.record(`care-recipient-${ids.maya}`, { type: 'CareRecipientUpdated', data: { childId: ids.maya, lastName: 'Cruz', updatedAt: '2026-11-05T10:00:00Z' } }),
      h.record(`care-recipient-${ids.leo}`, { type: 'CaregiverAccessGranted', data: { childId: ids.leo, userId: grandpa, canEdit: false, grantedAt: '2026-11-05T10:00:00Z' } }),
    ];
    await h.apply(children, again);
    await h.apply(access, again);
    expect(await h.rows('children')).toEqual(before);
    expect(await h.rows('child_access')).toHaveLength(1);
  });

  it('removal deletes the recipient and its access rows', async () => {
    const removed = h.record(`care-recipient-${ids.leo}`, { type: 'CareRecipientRemoved', data: { childId: ids.leo, removedAt: '2026-11-06T10:00:00Z' } });
    await h.apply(children, [removed]);
    await h.apply(access, [removed]);
    const query = new ChildrenQuery(h.orm.em);
    expect((await query.listFor(parent)).map((c) => c.name)).toEqual(['Maya Cruz']);
    expect(await query.listFor(grandpa)).toEqual([]);
    expect(await h.rows('child_access')).toEqual([]);
  });
});
