import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { DoctorsProjection } from './contacts.projection';
import { ContactsQuery } from './contacts.query';

describe('doctors read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new DoctorsProjection();
  const child = '00000000-0000-4000-8000-000000000001';
  const otherChild = '00000000-0000-4000-8000-000000000002';
  const doctor = (n: number) => `40000000-0000-4000-8000-00000000000${n}`;

  const details = (name: string, isPrimary = false) => ({ name, specialty: 'pediatrician', phoneNumber: null, email: 'dr@clinic.example', address: null, notes: null, isPrimary });
  const added = (childId: string, doctorId: string, name: string, addedAt: string, isPrimary = false) =>
    h.record(`care-directory-${childId}`, { type: 'DoctorAdded', data: { childId, doctorId, ...details(name, isPrimary), addedAt } });
  const names = async (childId: string) => (await new ContactsQuery(h.orm.em).list('doctor', [childId])).map((d) => d.name);

  it('projects adds, updates, deletes and restores per recipient: primary care first, then oldest first', async () => {
    await h.apply(projection, [
      added(child, doctor(1), 'Dr. Ruiz', '2026-11-01T08:00:00Z'),
      added(child, doctor(2), 'Dr. Kim', '2026-11-02T08:00:00Z', true),
      added(child, doctor(3), 'Dr. Lee', '2026-11-03T08:00:00Z'),
      added(otherChild, doctor(4), 'Dr. Other', '2026-11-01T08:00:00Z'),
      h.record(`care-directory-${child}`, {
        type: 'DoctorUpdated',
        data: { childId: child, doctorId: doctor(1), ...details('Dr. Ruiz'), specialty: 'dentist', phoneNumber: '+12025550143', updatedAt: '2026-11-04T08:00:00Z' },
      }),
      h.record(`care-directory-${child}`, { type: 'DoctorDeleted', data: { childId: child, doctorId: doctor(3), deletedAt: '2026-11-04T08:00:00Z' } }),
    ]);
    const query = new ContactsQuery(h.orm.em);
    expect(await names(child)).toEqual(['Dr. Kim', 'Dr. Ruiz']);
    expect(await query.byId('doctor', doctor(1))).toEqual({
      id: doctor(1),
      childId: child,
      name: 'Dr. Ruiz',
      specialty: 'dentist',
      phoneNumber: '+12025550143',
      email: 'dr@clinic.example',
      address: null,
      notes: null,
      isPrimary: false,
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-04T08:00:00.000Z',
    });
    expect(await query.byId('doctor', doctor(3))).toBeNull();

    const restored = h.record(`care-directory-${child}`, {
      type: 'DoctorRestored',
      data: { childId: child, doctorId: doctor(3), ...details('Dr. Lee'), addedAt: '2026-11-03T08:00:00Z', restoredAt: '2026-11-05T08:00:00Z' },
    });
    await h.apply(projection, [restored]);
    expect(await names(child)).toEqual(['Dr. Kim', 'Dr. Ruiz', 'Dr. Lee']);

    const before = await h.rows('doctors');
    await h.apply(projection, [restored, added(child, doctor(2), 'Dr. Kim', '2026-11-02T08:00:00Z', true)]);
    expect(await h.rows('doctors')).toEqual(before); // idempotent
  });

  it("removing the recipient (CareRecipientRemoved) removes that recipient's doctors only", async () => {
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child, removedAt: '2026-11-06T08:00:00Z' } })]);
    expect(await names(child)).toEqual([]);
    expect(await names(otherChild)).toEqual(['Dr. Other']);
  });
});
