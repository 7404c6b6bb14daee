import { CARE_HUB_LIMITS, CARE_HUB_TEXT, PHONE_INVALID, PHONE_TEXT } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CareDirectoryEvent, ContactKind, DoctorDetails, FamilySupportDetails } from './contacts';
import { contactsDecider, type ContactCommand } from './contacts.decide';

const at = '2026-11-25T08:00:00.000Z';
const later = '2026-11-25T09:00:00.000Z';
const metadata = (occurredAt = at) => ({ actorId: 'parent', correlationId: 'c1', occurredAt });
const careDirectoryDecider = contactsDecider;
const spec = deciderSpec(careDirectoryDecider);
const childId = '00000000-0000-4000-8000-000000000001';
const otherChild = '00000000-0000-4000-8000-000000000002';

const drKim: DoctorDetails = {
  name: 'Dr. Kim',
  specialty: 'neurologist',
  phoneNumber: '+12025550143',
  email: 'kim@clinic.example',
  address: '1 Main St',
  notes: 'Ask for Anna at the desk',
  isPrimary: true,
};
const nurse: FamilySupportDetails = { name: 'Ms. Patel', role: 'school_nurse', organization: 'Lincoln Elementary', phoneNumber: null, email: null, notes: null };

const doctorAdded = (doctorId = 'd-1', details: DoctorDetails = drKim): CareDirectoryEvent => ({ type: 'DoctorAdded', data: { childId, doctorId, ...details, addedAt: at } });
const doctorDeleted = (doctorId = 'd-1'): CareDirectoryEvent => ({ type: 'DoctorDeleted', data: { childId, doctorId, deletedAt: at } });
const supportAdded = (resourceId = 's-1', details: FamilySupportDetails = nurse): CareDirectoryEvent => ({
  type: 'FamilySupportAdded',
  data: { childId, resourceId, ...details, addedAt: at },
});
const supportDeleted = (resourceId = 's-1'): CareDirectoryEvent => ({ type: 'FamilySupportDeleted', data: { childId, resourceId, deletedAt: at } });

const command = (type: ContactCommand['type'], kind: ContactKind, data: { id: string; input?: object }, occurredAt = at) =>
  ({ type, kind, scopeId: childId, ...data, metadata: metadata(occurredAt) }) as ContactCommand;
const addDoctor = (input: object, doctorId = 'd-1') => command('AddContact', 'doctor', { id: doctorId, input });
const addSupport = (input: object, resourceId = 's-1') => command('AddContact', 'familySupport', { id: resourceId, input });

describe('care directory decider', () => {
  describe('doctors', () => {
    it('adds a doctor: phone in E.164, text trimmed', () => {
      spec
        .given([])
        .when(addDoctor({ ...drKim, name: ' Dr. Kim ', phoneNumber: '202-555-0143', email: ' kim@clinic.example ', childId }))
        .then([doctorAdded()]);
    });

    it("keeps the office's extension with the number", () => {
      spec
        .given([])
        .when(addDoctor({ ...drKim, phoneNumber: '(202) 555-0143 ext. 204' }))
        .then([doctorAdded('d-1', { ...drKim, phoneNumber: '+12025550143;ext=204' })]);
    });

    it('defaults: pediatrician, not primary; blank optional fields are null', () => {
      spec
        .given([])
        .when(addDoctor({ name: 'Dr. Ruiz', phoneNumber: '', email: '', address: ' ', notes: null }))
        .then([doctorAdded('d-1', { name: 'Dr. Ruiz', specialty: 'pediatrician', phoneNumber: null, email: null, address: null, notes: null, isPrimary: false })]);
    });

    it.each([
      [{}, 'name', CARE_HUB_TEXT.doctorRequiredName],
      [{ name: ' ' }, 'name', CARE_HUB_TEXT.doctorRequiredName],
      [{ name: 'Dr. Ruiz', specialty: 'surgeon' }, 'specialty', CARE_HUB_TEXT.unknown.specialty],
      [{ name: 'Dr. Ruiz', phoneNumber: '12345678901234' }, 'phoneNumber', PHONE_INVALID],
      [{ name: 'Dr. Ruiz', phoneNumber: '911' }, 'phoneNumber', PHONE_TEXT.shortCode],
      [{ name: 'Dr. Ruiz', phoneNumber: '202-555-0143 ext 1234567' }, 'phoneNumber', PHONE_TEXT.extension],
      [{ name: 'Dr. Ruiz', email: 'ruiz' }, 'email', CARE_HUB_TEXT.emailInvalid],
      [{ name: 'Dr. Ruiz', address: 'x'.repeat(501) }, 'address', CARE_HUB_TEXT.tooLong(500)],
      [{ name: 'Dr. Ruiz', childId: otherChild }, 'childId', CARE_HUB_TEXT.childMismatch],
    ])('refuses %p: a 400 naming %s', (input, field, message) => {
      spec.given([]).when(addDoctor(input)).thenThrows('CARE_HUB.INVALID', message);
      expect(() => careDirectoryDecider.decide(addDoctor(input), careDirectoryDecider.initialState())).toThrow(expect.objectContaining({ errors: [{ field, message }] }));
    });

    it('updates with the full details; nothing when nothing changed', () => {
      spec
        .given([doctorAdded()])
        .when(command('UpdateContact', 'doctor', { id: 'd-1', input: { ...drKim, isPrimary: false, notes: '' } }, later))
        .then([{ type: 'DoctorUpdated', data: { childId, doctorId: 'd-1', ...drKim, isPrimary: false, notes: null, updatedAt: later } }]);
      spec.given([doctorAdded()]).when(command('UpdateContact', 'doctor', { id: 'd-1', input: drKim })).then([]);
    });

    it('refuses to move a doctor to another recipient', () => {
      spec.given([doctorAdded()]).when(command('UpdateContact', 'doctor', { id: 'd-1', input: { ...drKim, childId: otherChild } })).thenThrows('CARE_HUB.INVALID', CARE_HUB_TEXT.childMismatch);
    });

    it('update and delete: an unknown or deleted doctor is not found', () => {
      for (const given of [[], [doctorAdded(), doctorDeleted()], [supportAdded('d-1')]]) {
        spec.given(given).when(command('UpdateContact', 'doctor', { id: 'd-1', input: drKim })).thenThrows('CARE_HUB.DOCTOR_NOT_FOUND', CARE_HUB_TEXT.notFound.doctor);
        spec.given(given).when(command('DeleteContact', 'doctor', { id: 'd-1' })).thenThrows('CARE_HUB.DOCTOR_NOT_FOUND', CARE_HUB_TEXT.notFound.doctor);
      }
    });

    it('deletes, and restores as it was (with its first added time); restoring an active doctor records nothing', () => {
      spec.given([doctorAdded()]).when(command('DeleteContact', 'doctor', { id: 'd-1' }, later)).then([{ type: 'DoctorDeleted', data: { childId, doctorId: 'd-1', deletedAt: later } }]);
      spec
        .given([doctorAdded(), doctorDeleted()])
        .when(command('RestoreContact', 'doctor', { id: 'd-1' }, later))
        .then([{ type: 'DoctorRestored', data: { childId, doctorId: 'd-1', ...drKim, addedAt: at, restoredAt: later } }]);
      spec.given([doctorAdded()]).when(command('RestoreContact', 'doctor', { id: 'd-1' })).then([]);
      spec.given([]).when(command('RestoreContact', 'doctor', { id: 'd-1' })).thenThrows('CARE_HUB.DOCTOR_NOT_FOUND');
    });

    it(`keeps at most ${CARE_HUB_LIMITS.doctors} doctors per recipient (deleted ones do not count); support resources are counted apart`, () => {
      const full = Array.from({ length: CARE_HUB_LIMITS.doctors }, (_, i) => doctorAdded(`d-${i}`));
      spec.given(full).when(addDoctor({ name: 'Dr. More' }, 'd-new')).thenThrows('CARE_HUB.DOCTOR_LIMIT', CARE_HUB_TEXT.tooMany.doctor);
      spec.given([doctorAdded('gone'), doctorDeleted('gone'), ...full]).when(command('RestoreContact', 'doctor', { id: 'gone' })).thenThrows('CARE_HUB.DOCTOR_LIMIT');
      spec.given([...full, doctorDeleted('d-0')]).when(addDoctor({ name: 'Dr. More' }, 'd-new')).then([
        doctorAdded('d-new', { name: 'Dr. More', specialty: 'pediatrician', phoneNumber: null, email: null, address: null, notes: null, isPrimary: false }),
      ]);
      spec.given(full).when(addSupport({ name: 'Ms. Patel' })).then([supportAdded('s-1', { ...nurse, organization: null })]);
    });
  });

  describe('family support', () => {
    it('adds with the defaults (school nurse) and blank optional fields as null', () => {
      spec.given([]).when(addSupport({ name: 'Ms. Patel', organization: ' Lincoln Elementary ', phoneNumber: '', email: '' })).then([supportAdded()]);
    });

    it.each([
      [{ role: 'nurse' }, 'name', CARE_HUB_TEXT.supportRequiredName],
      [{ name: 'Ms. Patel', role: 'nurse' }, 'role', CARE_HUB_TEXT.unknown.role],
      [{ name: 'Ms. Patel', phoneNumber: 'n/a' }, 'phoneNumber', PHONE_INVALID],
      [{ name: 'Ms. Patel', phoneNumber: '311' }, 'phoneNumber', PHONE_TEXT.shortCode],
      [{ name: 'Ms. Patel', phoneNumber: '212-555-0100 x' }, 'phoneNumber', PHONE_TEXT.extension],
      [{ name: 'Ms. Patel', organization: 'x'.repeat(201) }, 'organization', CARE_HUB_TEXT.tooLong(200)],
      [{ name: 'Ms. Patel', childId: otherChild }, 'childId', CARE_HUB_TEXT.childMismatch],
    ])('refuses %p: a 400 naming %s', (input, field, message) => {
      expect(() => careDirectoryDecider.decide(addSupport(input), careDirectoryDecider.initialState())).toThrow(expect.objectContaining({ errors: [{ field, message }] }));
    });

    it('updates, deletes and restores; unknown or deleted resources are not found', () => {
      const edited = { ...nurse, role: 'therapist' as const, phoneNumber: '+442079460958' };
      spec
        .given([supportAdded()])
        .when(command('UpdateContact', 'familySupport', { id: 's-1', input: { ...edited, phoneNumber: '+44 20 7946 0958' } }, later))
        .then([{ type: 'FamilySupportUpdated', data: { childId, resourceId: 's-1', ...edited, updatedAt: later } }]);
      spec.given([supportAdded()]).when(command('DeleteContact', 'familySupport', { id: 's-1' }, later)).then([{ type: 'FamilySupportDeleted', data: { childId, resourceId: 's-1', deletedAt: later } }]);
      spec
        .given([supportAdded(), supportDeleted()])
        .when(command('RestoreContact', 'familySupport', { id: 's-1' }, later))
        .then([{ type: 'FamilySupportRestored', data: { childId, resourceId: 's-1', ...nurse, addedAt: at, restoredAt: later } }]);
      spec.given([supportAdded()]).when(command('RestoreContact', 'familySupport', { id: 's-1' })).then([]);
      spec.given([supportAdded(), supportDeleted()]).when(command('DeleteContact', 'familySupport', { id: 's-1' })).thenThrows('CARE_HUB.SUPPORT_NOT_FOUND', CARE_HUB_TEXT.notFound.support);
      spec.given([supportAdded(), supportDeleted()]).when(command('UpdateContact', 'familySupport', { id: 's-1', input: nurse })).thenThrows('CARE_HUB.SUPPORT_NOT_FOUND');
      spec.given([doctorAdded('s-1')]).when(command('RestoreContact', 'familySupport', { id: 's-1' })).thenThrows('CARE_HUB.SUPPORT_NOT_FOUND');
    });

    it(`keeps at most ${CARE_HUB_LIMITS.familySupport} resources per recipient`, () => {
      const full = Array.from({ length: CARE_HUB_LIMITS.familySupport }, (_, i) => supportAdded(`s-${i}`));
      spec.given(full).when(addSupport({ name: 'One more' }, 's-new')).thenThrows('CARE_HUB.SUPPORT_LIMIT', CARE_HUB_TEXT.tooMany.support);
    });
  });
});
