import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { EmergencyContactsProjection } from './contacts.projection';
import { EmergencyContactsQuery } from './contacts.query';

describe('emergency contacts read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new EmergencyContactsProjection();
  const family = '10000000-0000-4000-8000-000000000001';
  const otherFamily = '10000000-0000-4000-8000-000000000002';
  const contact = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;

  const details = (name: string, isPrimary = false, email: string | null = null) => ({ name, phoneNumber: '+12025550143', relationship: 'Aunt', contactType: 'family', isPrimary, notes: null, email });
  const added = (familyId: string, contactId: string, name: string, addedAt: string, isPrimary = false) =>
    h.record(`emergency-contacts-${familyId}`, { type: 'EmergencyContactAdded', data: { familyId, contactId, ...details(name, isPrimary), addedAt } });
  const deleted = (familyId: string, contactId: string) =>
    h.record(`emergency-contacts-${familyId}`, { type: 'EmergencyContactDeleted', data: { familyId, contactId, deletedAt: '2026-11-05T10:00:00Z' } });
  const names = async (families: { familyId: string; canEdit: boolean }[]) =>
    (await new EmergencyContactsQuery(h.orm.em).ofFamilies(families)).map((c) => [c.name, c.canEdit]);

  it('lists the families asked for: primary first, then oldest first, each with canEdit', async () => {
    await h.apply(projection, [
      added(family, contact(1), 'Aunt Rita', '2026-11-01T10:00:00Z'),
      added(family, contact(2), 'Grandma', '2026-11-02T10:00:00Z', true),
      added(family, contact(3), 'Neighbour', '2026-11-03T10:00:00Z'),
      added(otherFamily, contact(4), 'Other family', '2026-11-01T09:00:00Z'),
    ]);
    expect(await names([{ familyId: family, canEdit: true }])).toEqual([['Grandma', true], ['Aunt Rita', true], ['Neighbour', true]]);
    expect(await names([{ familyId: family, canEdit: true }, { familyId: otherFamily, canEdit: false }])).toEqual([
      ['Grandma', true],
      ['Other family', false],
      ['Aunt Rita', true],
      ['Neighbour', true],
    ]);
    expect(await names([])).toEqual([]);
    const query = new EmergencyContactsQuery(h.orm.em);
    expect(await query.familyOf(contact(4))).toBe(otherFamily);
    expect(await query.byId(contact(2), false)).toMatchObject({
      id: contact(2),
      familyId: family,
      name: 'Grandma',
      phoneNumber: '+12025550143',
      relationship: 'Aunt',
      contactType: 'family',
      isPrimary: true,
      notes: null,
      email: null,
      canEdit: false,
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('updates replace the details; a delete removes the row and a restore puts it back as it was', async () => {
    await h.apply(projection, [
      h.record(`emergency-contacts-${family}`, {
        type: 'EmergencyContactUpdated',
        data: { familyId: family, contactId: contact(1), ...details('Aunt Rita B.'), notes: 'Spare key', updatedAt: '2026-11-04T10:00:00Z' },
      }),
      deleted(family, contact(3)),
    ]);
    const query = new EmergencyContactsQuery(h.orm.em);
    expect(await query.byId(contact(1), true)).toMatchObject({ name: 'Aunt Rita B.', notes: 'Spare key', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-04T10:00:00.000Z' });
    expect(await query.byId(contact(3), true)).toBeNull();
    expect(await query.familyOf(contact(3))).toBeNull();

    await h.apply(projection, [
      h.record(`emergency-contacts-${family}`, {
        type: 'EmergencyContactRestored',
        data: { familyId: family, contactId: contact(3), ...details('Neighbour'), addedAt: '2026-11-03T10:00:00Z', restoredAt: '2026-11-06T10:00:00Z' },
      }),
    ]);
    expect(await names([{ familyId: family, canEdit: true }])).toEqual([['Grandma', true], ['Aunt Rita B.', true], ['Neighbour', true]]);
    expect(await query.byId(contact(3), true)).toMatchObject({ createdAt: '2026-11-03T10:00:00.000Z', updatedAt: '2026-11-06T10:00:00.000Z' });
  });

  it('is idempotent: applying the same events again changes nothing', async () => {
    const before = await h.rows('emergency_contacts');
    await h.apply(projection, [
      added(family, contact(2), 'Grandma', '2026-11-02T10:00:00Z', true),
      h.record(`emergency-contacts-${family}`, {
        type: 'EmergencyContactRestored',
        data: { familyId: family, contactId: contact(3), ...details('Neighbour'), addedAt: '2026-11-03T10:00:00Z', restoredAt: '2026-11-06T10:00:00Z' },
      }),
      deleted(family, contact(9)),
    ]);
    expect(await h.rows('emergency_contacts')).toEqual(before);
  });

  it('stores the email; emailsOf lists the current contacts that have one, primary first (what escalations read)', async () => {
    const mailFamily = '10000000-0000-4000-8000-000000000003';
    const stream = `emergency-contacts-${mailFamily}`;
    const mail = (n: number) => `40000000-0000-4000-8000-00000000000${n}`;
    await h.apply(projection, [
      h.record(stream, { type: 'EmergencyContactAdded', data: { familyId: mailFamily, contactId: mail(1), ...details('Aunt Rita', false, 'rita@example.com'), addedAt: '2026-11-01T10:00:00Z' } }),
      h.record(stream, { type: 'EmergencyContactAdded', data: { familyId: mailFamily, contactId: mail(2), ...details('No email'), addedAt: '2026-11-02T10:00:00Z' } }),
      h.record(stream, { type: 'EmergencyContactAdded', data: { familyId: mailFamily, contactId: mail(3), ...details('Grandma', true, 'grandma@example.com'), addedAt: '2026-11-03T10:00:00Z' } }),
      h.record(stream, { type: 'EmergencyContactAdded', data: { familyId: mailFamily, contactId: mail(4), ...details('Gone', false, 'gone@example.com'), addedAt: '2026-11-04T10:00:00Z' } }),
      deleted(mailFamily, mail(4)),
    ]);
    const query = new EmergencyContactsQuery(h.orm.em);
    expect(await query.byId(mail(1), true)).toMatchObject({ name: 'Aunt Rita', email: 'rita@example.com' });
    expect(await query.emailsOf(mailFamily)).toEqual([
      { contactId: mail(3), name: 'Grandma', email: 'grandma@example.com' },
      { contactId: mail(1), name: 'Aunt Rita', email: 'rita@example.com' },
    ]);
    expect(await query.emailsOf(otherFamily)).toEqual([]);

    await h.apply(projection, [
      h.record(stream, { type: 'EmergencyContactUpdated', data: { familyId: mailFamily, contactId: mail(1), ...details('Aunt Rita'), updatedAt: '2026-11-05T10:00:00Z' } }),
      h.record(stream, { type: 'EmergencyContactUpdated', data: { familyId: mailFamily, contactId: mail(2), ...details('No email', false, 'now@example.com'), updatedAt: '2026-11-05T10:00:00Z' } }),
    ]);
    expect(await query.emailsOf(mailFamily)).toEqual([
      { contactId: mail(3), name: 'Grandma', email: 'grandma@example.com' },
      { contactId: mail(2), name: 'No email', email: 'now@example.com' },
    ]);
  });

  it('replays events recorded before contacts had an email: no email (null), and an old update clears none it never had', async () => {
    const oldFamily = '10000000-0000-4000-8000-000000000004';
    const stream = `emergency-contacts-${oldFamily}`;
    const old = '50000000-0000-4000-8000-000000000001';
    const { email: _email, ...oldDetails } = details('Old contact', true);
    await h.apply(projection, [
      h.record(stream, { type: 'EmergencyContactAdded', data: { familyId: oldFamily, contactId: old, ...oldDetails, addedAt: '2026-11-01T10:00:00Z' } }),
      h.record(stream, { type: 'EmergencyContactUpdated', data: { familyId: oldFamily, contactId: old, ...oldDetails, notes: 'Old note', updatedAt: '2026-11-02T10:00:00Z' } }),
      deleted(oldFamily, old),
      h.record(stream, { type: 'EmergencyContactRestored', data: { familyId: oldFamily, contactId: old, ...oldDetails, addedAt: '2026-11-01T10:00:00Z', restoredAt: '2026-11-03T10:00:00Z' } }),
    ]);
    const query = new EmergencyContactsQuery(h.orm.em);
    expect(await query.byId(old, true)).toMatchObject({ name: 'Old contact', email: null });
    expect(await query.emailsOf(oldFamily)).toEqual([]);
  });

  it("an erased account (UserErased) takes its family's contacts with it, and only those", async () => {
    await h.apply(projection, [h.record(`user-${family}`, { type: 'UserErased', data: { userId: family, erasedAt: '2026-11-07T10:00:00Z' } })]);
    expect(await names([{ familyId: family, canEdit: true }])).toEqual([]);
    expect(await names([{ familyId: otherFamily, canEdit: true }])).toEqual([['Other family', true]]);
  });
});
