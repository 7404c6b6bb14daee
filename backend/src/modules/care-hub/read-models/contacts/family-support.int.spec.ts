import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { FamilySupportProjection } from './contacts.projection';
import { ContactsQuery } from './contacts.query';

describe('family support read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new FamilySupportProjection();
  const child = '00000000-0000-4000-8000-000000000001';
  const otherChild = '00000000-0000-4000-8000-000000000002';
  const resource = (n: number) => `50000000-0000-4000-8000-00000000000${n}`;

  const details = (name: string) => ({ name, role: 'school_nurse', organization: 'Lincoln Elementary', phoneNumber: null, email: null, notes: null });
  const added = (childId: string, resourceId: string, name: string, addedAt: string) =>
    h.record(`care-directory-${childId}`, { type: 'FamilySupportAdded', data: { childId, resourceId, ...details(name), addedAt } });
  const names = async (childId: string) => (await new ContactsQuery(h.orm.em).list('familySupport', [childId])).map((r) => r.name);

  it('projects adds, updates, deletes and restores per recipient, oldest first', async () => {
    await h.apply(projection, [
      added(child, resource(1), 'Ms. Patel', '2026-11-01T08:00:00Z'),
      added(child, resource(2), 'Mr. Green', '2026-11-02T08:00:00Z'),
      added(otherChild, resource(3), 'Other', '2026-11-01T08:00:00Z'),
      h.record(`care-directory-${child}`, {
        type: 'FamilySupportUpdated',
        data: { childId: child, resourceId: resource(2), ...details('Mr. Green'), role: 'social_worker', organization: null, updatedAt: '2026-11-03T08:00:00Z' },
      }),
      h.record(`care-directory-${child}`, { type: 'FamilySupportDeleted', data: { childId: child, resourceId: resource(1), deletedAt: '2026-11-04T08:00:00Z' } }),
    ]);
    const query = new ContactsQuery(h.orm.em);
    expect(await names(child)).toEqual(['Mr. Green']);
    expect(await query.byId('familySupport', resource(2))).toEqual({
      id: resource(2),
      childId: child,
      name: 'Mr. Green',
      role: 'social_worker',
      organization: null,
      phoneNumber: null,
      email: null,
      notes: null,
      createdAt: '2026-11-02T08:00:00.000Z',
      updatedAt: '2026-11-03T08:00:00.000Z',
    });

    const restored = h.record(`care-directory-${child}`, {
      type: 'FamilySupportRestored',
      data: { childId: child, resourceId: resource(1), ...details('Ms. Patel'), addedAt: '2026-11-01T08:00:00Z', restoredAt: '2026-11-05T08:00:00Z' },
    });
    await h.apply(projection, [restored]);
    expect(await names(child)).toEqual(['Ms. Patel', 'Mr. Green']);

    const before = await h.rows('family_support');
    await h.apply(projection, [restored, added(otherChild, resource(3), 'Other', '2026-11-01T08:00:00Z')]);
    expect(await h.rows('family_support')).toEqual(before); // idempotent
  });

  it("removing the recipient (CareRecipientRemoved) removes that recipient's support people only", async () => {
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child, removedAt: '2026-11-06T08:00:00Z' } })]);
    expect(await names(child)).toEqual([]);
    expect(await names(otherChild)).toEqual(['Other']);
  });
});
