import { describe, expect, it } from '@jest/globals';
import { emptyDraft, submitPlan, type MedicationDraft } from './onboarding-draft';

const medication = (changes: Partial<MedicationDraft>): MedicationDraft => ({
  key: 'm1', name: ' Levetiracetam ', dose: ' 2.5 ml ', times: ['20:00', '08:00'], repeat: 'custom', customDays: [5, 1, 3], startDate: '', endDate: '', ...changes,
});

describe('submitPlan: the wizard\'s medications', () => {
  it('sends each medication schedule with its dose, so the server makes the medication with it', () => {
    const draft = { ...emptyDraft(), child: { firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04', gender: '' as const, condition: '' } };
    const calls = submitPlan({ ...draft, medications: [medication({})] }, '2030-01-07');
    const call = calls.find((c) => c.kind === 'medication');
    expect(call && call.kind === 'medication' && call.input).toMatchObject({
      name: 'Levetiracetam', category: 'medication', dosage: '2.5 ml', description: 'Dose: 2.5 ml', isRepeating: true,
      repeatPattern: 'custom', daysOfWeek: [1, 3, 5], scheduledTimes: ['08:00', '20:00'], repeatStartDate: '2030-01-07',
    });
    expect(call && call.kind === 'medication' && call.input).not.toHaveProperty('medicationId');
  });

  it('a medication without a dose sends none (the server says "Dose not set")', () => {
    const calls = submitPlan({ ...emptyDraft(), medications: [medication({ dose: '  ', repeat: 'everyday' })] }, '2030-01-07');
    const call = calls.find((c) => c.kind === 'medication');
    expect(call && call.kind === 'medication' && call.input).toMatchObject({ dosage: null, description: null, repeatPattern: 'daily' });
  });
});
