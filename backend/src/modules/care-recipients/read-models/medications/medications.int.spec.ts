import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { MedicationStockQuery } from '../medication-stock/medication-stock.query';
import { MedicationsProjection } from './medications.projection';
import { MedicationsQuery } from './medications.query';

describe('medications read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new MedicationsProjection();
  const child = '00000000-0000-4000-8000-000000000001';
  const otherChild = '00000000-0000-4000-8000-000000000002';
  const med = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;

  const addMedication = (childId: string, medicationId: string, name: string, addedAt: string) =>
    h.record(`care-recipient-${childId}`, {
      type: 'MedicationAdded',
      data: { childId, medicationId, name, dosage: '0.5 ml', instructions: null, photoUrl: null, addedAt },
    });

  it('projects adds, updates and removals per recipient, oldest first', async () => {
    await h.apply(projection, [
      addMedication(child, med(1), 'Oxybutynin', '2026-11-01T08:00:00Z'),
      addMedication(child, med(2), 'Baclofen', '2026-11-02T08:00:00Z'),
      addMedication(otherChild, med(3), 'Keppra', '2026-11-02T08:00:00Z'),
      h.record(`care-recipient-${child}`, { type: 'MedicationUpdated', data: { childId: child, medicationId: med(2), dosage: '5 mg', updatedAt: '2026-11-03T08:00:00Z' } }),
    ]);
    const query = new MedicationsQuery(h.orm.em, new MedicationStockQuery(h.orm.em));
    expect((await query.forChild(child)).map((m) => [m.name, m.dosage])).toEqual([['Oxybutynin', '0.5 ml'], ['Baclofen', '5 mg']]);
    expect(await query.byId(otherChild, med(1))).toBeNull();

    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'MedicationRemoved', data: { childId: child, medicationId: med(1), removedAt: '2026-11-04T08:00:00Z' } })]);
    expect((await query.forChild(child)).map((m) => m.name)).toEqual(['Baclofen']);
  });

  it('removing the recipient removes its medications only', async () => {
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child, removedAt: '2026-11-05T08:00:00Z' } })]);
    const query = new MedicationsQuery(h.orm.em, new MedicationStockQuery(h.orm.em));
    expect(await query.forChild(child)).toEqual([]);
    expect((await query.forChild(otherChild)).map((m) => m.name)).toEqual(['Keppra']);
  });
});
