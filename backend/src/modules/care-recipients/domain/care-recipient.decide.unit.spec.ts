import { CHILD_DATE_OF_BIRTH_INVALID, FAMILY_LIMITS, LIMIT_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { careRecipientEventsAt } from '../../../test-support/care-recipient-events';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CareRecipientEvent } from './care-recipient';
import { careRecipientDecider, MEDICATION_STRENGTH_MESSAGE, normalizeDateOfBirth, readChildInput } from './care-recipient.decide';

const at = '2026-11-21T08:00:00.000Z';
const given = careRecipientEventsAt(at);
const { meta, shared } = given;
const spec = deciderSpec(careRecipientDecider);

const added = given.added({ dateOfBirth: '2018-03-04', medicalNotes: 'Spina bifida' });
const medication: CareRecipientEvent = {
  type: 'MedicationAdded',
  data: { childId: 'child', medicationId: 'med', name: 'Oxybutynin', dosage: '0.5 ml', instructions: null, photoUrl: null, addedAt: at },
};
const removed: CareRecipientEvent = { type: 'CareRecipientRemoved', data: { childId: 'child', removedAt: at } };

describe('care recipient decider', () => {
  describe('AddCareRecipient', () => {
    const add = (input: object, actorId: string | null = 'parent', ownedRecipients = 0) => ({
      type: 'AddCareRecipient' as const,
      data: { childId: 'child', input, ownedRecipients },
      metadata: meta(actorId),
    });

    it(`a caregiver adds at most ${FAMILY_LIMITS.recipientsPerCaregiver} recipients`, () => {
      const maya = { firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04', medicalConditions: 'Spina bifida' };
      spec.given([]).when(add(maya, 'parent', FAMILY_LIMITS.recipientsPerCaregiver - 1)).then([added]);
      spec.given([]).when(add(maya, 'parent', FAMILY_LIMITS.recipientsPerCaregiver)).thenThrows('CARE_RECIPIENTS.RECIPIENT_LIMIT', LIMIT_MESSAGES.recipientsPerCaregiver);
    });

    it('adds with the dashboard shape; medicalConditions is stored as medical notes', () => {
      spec
        .given([])
        .when(add({ firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04', medicalConditions: 'Spina bifida' }))
        .then([added]);
    });

    it('adds with the schedule-text shape: name split into first and last name', () => {
      spec
        .given([])
        .when(add({ name: 'Maya Lopez', dateOfBirth: '2018-03-04T00:00:00.000Z', medicalNotes: 'Spina bifida', gender: 'female' }))
        .then([{ ...added, data: { ...added.data, gender: 'female' } }]);
    });

    it('turns an empty date of birth into null', () => {
      spec
        .given([])
        .when(add({ firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '' }))
        .then([{ ...added, data: { ...added.data, dateOfBirth: null, medicalNotes: null } }]);
    });

    it.each([
      [{ lastName: 'Lopez' }, 'First name is required'],
      [{ firstName: '  ', lastName: 'Lopez' }, 'First name is required'],
      [{ firstName: 'Maya' }, 'Last name is required'],
      [{ firstName: 'Maya', lastName: '' }, 'Last name is required'],
      [{}, 'First name is required'],
      [{ name: '   ' }, 'First name is required'],
    ])('refuses %p with %p', (input, message) => {
      spec.given([]).when(add(input)).thenThrows('CARE_RECIPIENTS.INVALID', message);
    });

    it('refuses an impossible or future date of birth', () => {
      spec.given([]).when(add({ firstName: 'M', lastName: 'L', dateOfBirth: '2018-02-30' })).thenThrows('CARE_RECIPIENTS.INVALID');
      spec.given([]).when(add({ firstName: 'M', lastName: 'L', dateOfBirth: '2030-01-01' })).thenThrows('CARE_RECIPIENTS.INVALID');
      spec.given([]).when(add({ firstName: 'M', lastName: 'L', dateOfBirth: 'yesterday' })).thenThrows('CARE_RECIPIENTS.INVALID');
    });

    it.each([
      ['0000-01-01', VALIDATION_MESSAGES.dateRange],
      ['1899-12-31', VALIDATION_MESSAGES.dateRange],
      ['9999-12-31', VALIDATION_MESSAGES.dateInFuture],
      ['2026-02-30', CHILD_DATE_OF_BIRTH_INVALID],
    ])('refuses the date of birth %p (PostgreSQL could not store it, or it is not a date): %p', (dateOfBirth, message) => {
      spec.given([]).when(add({ firstName: 'M', lastName: 'L', dateOfBirth })).thenThrows('CARE_RECIPIENTS.INVALID', message);
    });

    it('refuses to add the same recipient twice', () => {
      spec.given([added]).when(add({ firstName: 'Maya', lastName: 'Lopez' })).thenThrows('CARE_RECIPIENTS.ALREADY_EXISTS');
    });
  });

  describe('UpdateCareRecipient', () => {
    const update = (input: object, actorId = 'parent') => ({ type: 'UpdateCareRecipient' as const, data: { input }, metadata: meta(actorId) });

    it('records only what changed', () => {
      spec
        .given([added])
        .when(update({ firstName: 'Maya', lastName: 'Lopez-Cruz', phone: '555-0100', medicalNotes: 'Spina bifida' }))
        .then([{ type: 'CareRecipientUpdated', data: { childId: 'child', lastName: 'Lopez-Cruz', phone: '555-0100', updatedAt: at } }]);
    });

    it('accepts the settings edit shape (name, phone, email)', () => {
      spec
        .given([added])
        .when(update({ name: 'Maya Rose Lopez', email: 'maya@example.com' }))
        .then([{ type: 'CareRecipientUpdated', data: { childId: 'child', firstName: 'Maya Rose', email: 'maya@example.com', updatedAt: at } }]);
    });

    it('records nothing when nothing changed', () => {
      spec.given([added]).when(update({ firstName: 'Maya', lastName: 'Lopez' })).then([]);
    });

    it('lets a caregiver with edit access change it, not one with view access, and hides it from others', () => {
      spec.given([added, shared('editor', true)]).when(update({ notes: 'Loves music' }, 'editor')).then([
        { type: 'CareRecipientUpdated', data: { childId: 'child', notes: 'Loves music', updatedAt: at } },
      ]);
      spec.given([added, shared('viewer', false)]).when(update({ notes: 'x' }, 'viewer')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
      spec.given([added]).when(update({ notes: 'x' }, 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });

    it('refuses a removed or unknown recipient', () => {
      spec.given([added, removed]).when(update({ notes: 'x' })).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
      spec.given([]).when(update({ notes: 'x' })).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });
  });

  describe('RemoveCareRecipient', () => {
    const remove = (actorId = 'parent') => ({ type: 'RemoveCareRecipient' as const, data: {}, metadata: meta(actorId) });

    it('removes for the primary caregiver only', () => {
      spec.given([added, medication]).when(remove()).then([removed]);
      spec.given([added, shared('editor', true)]).when(remove('editor')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
    });

    it('cannot remove twice', () => {
      spec.given([added, removed]).when(remove()).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });
  });

  describe('GrantCaregiverAccess', () => {
    const grant = (userId: string, canEdit: boolean, actorId = 'parent') => ({
      type: 'GrantCaregiverAccess' as const,
      data: { userId, canEdit },
      metadata: meta(actorId),
    });

    it('shares with another caregiver, once', () => {
      spec.given([added]).when(grant('grandpa', false)).then([shared('grandpa', false)]);
      spec.given([added, shared('grandpa', false)]).when(grant('grandpa', false)).then([]);
      spec.given([added, shared('grandpa', false)]).when(grant('grandpa', true)).then([shared('grandpa', true)]);
    });

    it('only the primary caregiver shares', () => {
      spec.given([added, shared('editor', true)]).when(grant('x', true, 'editor')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
    });
  });

  describe('RevokeCaregiverAccess', () => {
    const revoke = (userId: string, actorId = 'parent') => ({ type: 'RevokeCaregiverAccess' as const, data: { userId }, metadata: meta(actorId) });
    const revoked = (userId: string): CareRecipientEvent => ({ type: 'CaregiverAccessRevoked', data: { childId: 'child', userId, revokedAt: at } });

    it('the primary caregiver takes access away; a shared caregiver gives up their own (Delete Account)', () => {
      spec.given([added, shared('grandpa', false)]).when(revoke('grandpa')).then([revoked('grandpa')]);
      spec.given([added, shared('grandpa', false)]).when(revoke('grandpa', 'grandpa')).then([revoked('grandpa')]);
      spec.given([added, shared('grandpa', false), revoked('grandpa')]).when(revoke('grandpa')).then([]);
      spec.given([added]).when(revoke('stranger')).then([]);
    });

    it('nobody else revokes, and an unknown or removed recipient is not found', () => {
      spec.given([added, shared('grandpa', false), shared('editor', true)]).when(revoke('grandpa', 'editor')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
      spec.given([added, shared('grandpa', false)]).when(revoke('grandpa', 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
      spec.given([added, removed]).when(revoke('grandpa')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });

    it('with requireShared (the caregivers panel), a user without access is a 404', () => {
      const strict = (userId: string) => ({ type: 'RevokeCaregiverAccess' as const, data: { userId, requireShared: true }, metadata: meta('parent') });
      spec.given([added]).when(strict('stranger')).thenThrows('CARE_RECIPIENTS.CAREGIVER_NOT_FOUND', 'This caregiver does not have access to this care recipient.');
      spec.given([added, shared('grandpa', true)]).when(strict('grandpa')).then([revoked('grandpa')]);
    });
  });

  describe('ChangeCaregiverAccess', () => {
    const change = (userId: string, canEdit: boolean, actorId = 'parent') => ({ type: 'ChangeCaregiverAccess' as const, data: { userId, canEdit }, metadata: meta(actorId) });

    it('switches the edit right of a caregiver the recipient is shared with; the same value is nothing new', () => {
      spec.given([added, shared('grandpa', false)]).when(change('grandpa', true)).then([shared('grandpa', true)]);
      spec.given([added, shared('grandpa', true)]).when(change('grandpa', false)).then([shared('grandpa', false)]);
      spec.given([added, shared('grandpa', true)]).when(change('grandpa', true)).then([]);
    });

    it('never grants access to someone without it, nor to the primary caregiver', () => {
      spec.given([added]).when(change('stranger', true)).thenThrows('CARE_RECIPIENTS.CAREGIVER_NOT_FOUND');
      spec.given([added]).when(change('parent', true)).thenThrows('CARE_RECIPIENTS.CAREGIVER_NOT_FOUND');
    });

    it('only the primary caregiver: shared caregivers get 403 (with or without edit), others 404', () => {
      const message = 'Only the primary caregiver can change who has access to this care recipient.';
      spec.given([added, shared('grandpa', false), shared('editor', true)]).when(change('grandpa', true, 'editor')).thenThrows('CARE_RECIPIENTS.FORBIDDEN', message);
      spec.given([added, shared('grandpa', false)]).when(change('grandpa', true, 'grandpa')).thenThrows('CARE_RECIPIENTS.FORBIDDEN', message);
      spec.given([added, shared('grandpa', false)]).when(change('grandpa', true, 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
      spec.given([added, removed]).when(change('grandpa', true)).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });
  });

  describe('medications', () => {
    const addMedication = (input: object, actorId = 'parent') => ({
      type: 'AddMedication' as const,
      data: { medicationId: 'med', input: input as never },
      metadata: meta(actorId),
    });

    it('adds with name and dosage', () => {
      spec
        .given([added])
        .when(addMedication({ name: ' Oxybutynin ', dosage: '0.5 ml', instructions: '' }))
        .then([{ type: 'MedicationAdded', data: { ...medication.data, strength: null, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7, stock: null } as never }]);
    });

    it('keeps a strength beside the dose; a strength past 100 characters is refused', () => {
      spec
        .given([added])
        .when(addMedication({ name: 'Levetiracetam', dosage: '2.5 ml', strength: ' 100 mg/mL ', unit: 'ml', doseAmount: 2.5 }))
        .then([
          {
            type: 'MedicationAdded',
            data: { ...medication.data, name: 'Levetiracetam', dosage: '2.5 ml', strength: '100 mg/mL', doseAmount: 2.5, unit: 'ml', refillThresholdDays: 7, stock: null } as never,
          },
        ]);
      spec
        .given([added])
        .when(addMedication({ name: 'Levetiracetam', dosage: '2.5 ml', strength: 'x'.repeat(101) }))
        .thenThrows('CARE_RECIPIENTS.INVALID', MEDICATION_STRENGTH_MESSAGE);
    });

    it.each([
      [{ dosage: '0.5 ml' }, 'Medication name is required'],
      [{ name: 'Oxy', dosage: ' ' }, 'Dosage is required'],
    ])('refuses %p', (input, message) => {
      spec.given([added]).when(addMedication(input)).thenThrows('CARE_RECIPIENTS.INVALID', message);
    });

    it('needs edit access', () => {
      spec.given([added, shared('viewer', false)]).when(addMedication({ name: 'A', dosage: 'B' }, 'viewer')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
    });

    it('updates what changed and removes', () => {
      spec
        .given([added, medication])
        .when({ type: 'UpdateMedication', data: { medicationId: 'med', input: { dosage: '1 ml', name: 'Oxybutynin' } }, metadata: meta() })
        .then([{ type: 'MedicationUpdated', data: { childId: 'child', medicationId: 'med', dosage: '1 ml', updatedAt: at } }]);
      spec
        .given([added, medication])
        .when({ type: 'RemoveMedication', data: { medicationId: 'med' }, metadata: meta() })
        .then([{ type: 'MedicationRemoved', data: { childId: 'child', medicationId: 'med', removedAt: at } }]);
    });

    it('refuses an unknown or removed medication', () => {
      const removeMedication = { type: 'RemoveMedication' as const, data: { medicationId: 'med' }, metadata: meta() };
      spec.given([added]).when(removeMedication).thenThrows('CARE_RECIPIENTS.MEDICATION_NOT_FOUND');
      spec
        .given([added, medication, { type: 'MedicationRemoved', data: { childId: 'child', medicationId: 'med', removedAt: at } }])
        .when(removeMedication)
        .thenThrows('CARE_RECIPIENTS.MEDICATION_NOT_FOUND');
    });
  });
});

describe('child input', () => {
  it('normalises dates of birth', () => {
    expect(normalizeDateOfBirth(null, '2026-11-21')).toBeNull();
    expect(normalizeDateOfBirth('  ', '2026-11-21')).toBeNull();
    expect(normalizeDateOfBirth('2020-02-29', '2026-11-21')).toBe('2020-02-29');
    expect(normalizeDateOfBirth('2020-02-29T10:00:00Z', '2026-11-21')).toBe('2020-02-29');
  });

  it('keeps only sent fields on an update', () => {
    expect(readChildInput({ phone: '' }, '2026-11-21', false)).toEqual({ phone: null });
    expect(readChildInput({}, '2026-11-21', false)).toEqual({});
  });

  describe('EnsureMedications (a schedule\'s medications by name)', () => {
    const ensure = (medications: { medicationId: string; input: object }[], actorId = 'parent') => ({
      type: 'EnsureMedications' as const,
      data: { medications: medications as never },
      metadata: meta(actorId),
    });
    const addedAs = (medicationId: string, name: string, extra: object = {}): CareRecipientEvent => ({
      type: 'MedicationAdded',
      data: { childId: 'child', medicationId, name, dosage: '1 tab', strength: null, instructions: null, photoUrl: null, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7, stock: null, addedAt: at, ...extra } as never,
    });

    it('given no medication of that name, adds it with the given id, dose, strength and stock unit', () => {
      spec
        .given([added])
        .when(ensure([{ medicationId: 'new', input: { name: 'Vitamin D3', dosage: '1 tab', strength: '1000 IU', unit: 'tablets', doseAmount: 1 } }]))
        .then([addedAs('new', 'Vitamin D3', { strength: '1000 IU' })]);
    });

    it('given the medication (other case and spacing), adds nothing', () => {
      spec
        .given([added, medication])
        .when(ensure([{ medicationId: 'new', input: { name: '  oxy butynin ', dosage: '1 tab' } }]))
        .then([]);
    });

    it('a name twice in one list is one medication; a removed one is added again', () => {
      const removedOxy: CareRecipientEvent = { type: 'MedicationRemoved', data: { childId: 'child', medicationId: 'med', removedAt: at } };
      spec
        .given([added, medication, removedOxy])
        .when(
          ensure([
            { medicationId: 'a', input: { name: 'Oxybutynin', dosage: '1 tab' } },
            { medicationId: 'b', input: { name: 'OXYBUTYNIN', dosage: '2 tab' } },
          ]),
        )
        .then([addedAs('a', 'Oxybutynin')]);
    });

    it('refuses a medication the add rules refuse, adding none of the list', () => {
      spec
        .given([added])
        .when(ensure([{ medicationId: 'a', input: { name: 'Keppra', dosage: '1 tab' } }, { medicationId: 'b', input: { name: 'Depakote', dosage: ' ' } }]))
        .thenThrows('CARE_RECIPIENTS.INVALID', 'Dosage is required');
    });

    it('needs edit access: another family 404, a viewer 403', () => {
      const one = [{ medicationId: 'a', input: { name: 'Keppra', dosage: '1 tab' } }];
      spec.given([added]).when(ensure(one, 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
      spec.given([added, shared('viewer', false)]).when(ensure(one, 'viewer')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
    });
  });
});
