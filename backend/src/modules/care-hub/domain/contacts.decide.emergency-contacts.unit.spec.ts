import { CARE_HUB_LIMITS, CARE_HUB_TEXT, PHONE_INVALID, PHONE_TEXT } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { EmergencyContactEvent } from './contacts';
import { contactsDecider, type ContactCommand } from './contacts.decide';

const at = '2026-11-25T08:00:00.000Z';
const later = '2026-11-25T09:00:00.000Z';
const metadata = (occurredAt = at) => ({ actorId: 'parent', correlationId: 'c1', occurredAt });
const emergencyContactsDecider = contactsDecider;
const spec = deciderSpec(emergencyContactsDecider);
const familyId = 'family';

const grandma = { name: 'Rosa Lopez', phoneNumber: '+12025550143', relationship: 'Grandmother' as const, contactType: 'family' as const, isPrimary: true, notes: 'Lives nearby', email: null };
const added = (contactId = 'c-1', details = grandma): EmergencyContactEvent => ({ type: 'EmergencyContactAdded', data: { familyId, contactId, ...details, addedAt: at } });
const deleted = (contactId = 'c-1'): EmergencyContactEvent => ({ type: 'EmergencyContactDeleted', data: { familyId, contactId, deletedAt: at } });

const command = (type: ContactCommand['type'], contactId: string, occurredAt: string, input?: object) =>
  ({ type, kind: 'emergencyContact', scopeId: familyId, id: contactId, input, metadata: metadata(occurredAt) }) as ContactCommand;
const add = (input: object, contactId = 'c-1') => command('AddContact', contactId, at, input);
const update = (input: object, contactId = 'c-1') => command('UpdateContact', contactId, later, input);
const remove = (contactId = 'c-1') => command('DeleteContact', contactId, later);
const restore = (contactId = 'c-1') => command('RestoreContact', contactId, later);

describe('emergency contacts decider', () => {
  describe('AddEmergencyContact', () => {
    it('adds the contact with its phone in E.164, trimmed text and the command time', () => {
      spec
        .given([])
        .when(add({ name: '  Rosa Lopez ', phoneNumber: '(202) 555-0143', relationship: 'Grandmother', contactType: 'family', isPrimary: true, notes: ' Lives nearby ' }))
        .then([added()]);
    });

    it('defaults: type family, secondary, no relationship or notes (blank is none)', () => {
      spec
        .given([])
        .when(add({ name: 'Rosa', phoneNumber: '+1 202 555 0143', relationship: '', notes: '   ' }))
        .then([added('c-1', { name: 'Rosa', phoneNumber: '+12025550143', relationship: null, contactType: 'family', isPrimary: false, notes: null, email: null } as never)]);
    });

    it('keeps an email for urgent alerts, trimmed; blank or null is none', () => {
      spec
        .given([])
        .when(add({ ...grandma, email: '  rosa.lopez@example.com ' }))
        .then([added('c-1', { ...grandma, email: 'rosa.lopez@example.com' } as never)]);
      spec.given([]).when(add({ ...grandma, email: '   ' })).then([added()]);
      spec.given([]).when(add({ ...grandma, email: null })).then([added()]);
    });

    it('keeps an extension in the stored phone (E.164, then ;ext=)', () => {
      spec
        .given([])
        .when(add({ name: 'Dr. Office', phoneNumber: '415.555.0134 ext 12', relationship: 'Doctor', contactType: 'other' }))
        .then([added('c-1', { name: 'Dr. Office', phoneNumber: '+14155550134;ext=12', relationship: 'Doctor', contactType: 'other', isPrimary: false, notes: null, email: null } as never)]);
    });

    it.each([['911'], ['112'], ['988'], ['000']])('refuses the short service number %s as a person\'s number', (phoneNumber) => {
      spec.given([]).when(add({ name: 'Local Emergency', phoneNumber, contactType: 'emergency' })).thenThrows('CARE_HUB.INVALID', PHONE_TEXT.shortCode);
    });

    it('refuses an extension that is not 1 to 6 digits', () => {
      for (const phoneNumber of ['415.555.0134 ext', '415.555.0134 x1234567', '415.555.0134 #12b']) {
        spec.given([]).when(add({ name: 'Dr. Office', phoneNumber })).thenThrows('CARE_HUB.INVALID', PHONE_TEXT.extension);
      }
    });

    it.each([
      [{ phoneNumber: '+12025550100' }, 'name', CARE_HUB_TEXT.contactRequiredName],
      [{ name: '   ', phoneNumber: '+12025550100' }, 'name', CARE_HUB_TEXT.contactRequiredName],
      [{ name: 'Rosa' }, 'phoneNumber', CARE_HUB_TEXT.contactRequiredPhone],
      [{ name: 'Rosa', phoneNumber: ' ' }, 'phoneNumber', CARE_HUB_TEXT.contactRequiredPhone],
      [{ name: 'Rosa', phoneNumber: '555-0100' }, 'phoneNumber', PHONE_INVALID],
      [{ name: 'Rosa', phoneNumber: 'call me' }, 'phoneNumber', PHONE_INVALID],
      [{ name: 'Rosa', phoneNumber: '+12025550100', relationship: 'Neighbour' }, 'relationship', CARE_HUB_TEXT.unknown.relationship],
      [{ name: 'Rosa', phoneNumber: '+12025550100', contactType: 'friend' }, 'contactType', CARE_HUB_TEXT.unknown.contactType],
      [{ name: 'Rosa', phoneNumber: '+12025550100', contactType: '' }, 'contactType', CARE_HUB_TEXT.unknown.contactType],
      [{ name: 'Rosa', phoneNumber: '+12025550100', isPrimary: 'yes' }, 'isPrimary', 'isPrimary must be true or false'],
      [{ name: 'Rosa', phoneNumber: '+12025550100', notes: 'x'.repeat(1001) }, 'notes', CARE_HUB_TEXT.tooLong(1000)],
      [{ name: 'Ro\u0000sa', phoneNumber: '+12025550100' }, 'name', 'name must be text without NUL characters'],
      [{ name: 42, phoneNumber: '+12025550100' }, 'name', CARE_HUB_TEXT.contactRequiredName],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa' }, 'email', CARE_HUB_TEXT.emailInvalid],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa@' }, 'email', CARE_HUB_TEXT.emailInvalid],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 'ro sa@example.com' }, 'email', CARE_HUB_TEXT.emailInvalid],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa@example.com\r\nBcc: x@example.com' }, 'email', CARE_HUB_TEXT.emailInvalid],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa\u0000@example.com' }, 'email', 'email must be text without NUL characters'],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: `${'r'.repeat(250)}@example.com` }, 'email', CARE_HUB_TEXT.tooLong(254)],
      [{ name: 'Rosa', phoneNumber: '+12025550100', email: 42 }, 'email', 'email must be text without NUL characters'],
    ])('refuses %p: a 400 naming %s', (input, field, message) => {
      spec.given([]).when(add(input)).thenThrows('CARE_HUB.INVALID', message);
      expect(() => emergencyContactsDecider.decide(add(input), emergencyContactsDecider.initialState())).toThrow(
        expect.objectContaining({ errors: [{ field, message }] }),
      );
    });

    it('records nothing for the same contact id again (a retried request)', () => {
      spec.given([added()]).when(add({ name: 'Rosa', phoneNumber: '+12025550100' })).then([]);
    });

    it(`refuses a contact past the family's ${CARE_HUB_LIMITS.emergencyContacts}; deleted ones do not count`, () => {
      const full = Array.from({ length: CARE_HUB_LIMITS.emergencyContacts }, (_, i) => added(`c-${i}`));
      spec.given(full).when(add({ name: 'One more', phoneNumber: '+12025550100' }, 'c-new')).thenThrows('CARE_HUB.CONTACT_LIMIT', CARE_HUB_TEXT.tooMany.contact);
      spec.given([...full, deleted('c-0')]).when(add({ name: 'One more', phoneNumber: '+12025550100' }, 'c-new')).then([
        added('c-new', { name: 'One more', phoneNumber: '+12025550100', relationship: null, contactType: 'family', isPrimary: false, notes: null, email: null } as never),
      ]);
    });
  });

  describe('UpdateEmergencyContact', () => {
    it('records the full details (a replace) with the time of the change', () => {
      spec
        .given([added()])
        .when(update({ name: 'Rosa Lopez', phoneNumber: '+44 20 7946 0958', contactType: 'childcare', relationship: 'Babysitter' }))
        .then([
          {
            type: 'EmergencyContactUpdated',
            data: { familyId, contactId: 'c-1', name: 'Rosa Lopez', phoneNumber: '+442079460958', relationship: 'Babysitter', contactType: 'childcare', isPrimary: false, notes: null, email: null, updatedAt: later },
          },
        ]);
    });

    it('records nothing when nothing changed', () => {
      spec.given([added()]).when(update({ ...grandma, phoneNumber: '(202) 555-0143' })).then([]);
    });

    it('adds, changes and removes the email', () => {
      const withEmail = { ...grandma, email: 'rosa@example.com' };
      const updated = (details: object): EmergencyContactEvent => ({ type: 'EmergencyContactUpdated', data: { familyId, contactId: 'c-1', ...(details as typeof grandma), updatedAt: later } });
      spec.given([added()]).when(update(withEmail)).then([updated(withEmail)]);
      spec.given([added('c-1', withEmail as never)]).when(update({ ...grandma, email: '' })).then([updated(grandma)]);
      spec.given([added('c-1', withEmail as never)]).when(update({ ...withEmail, email: ' rosa@example.com ' })).then([]);
    });

    it('refuses an unknown or deleted contact (404), and bad input first (400)', () => {
      spec.given([]).when(update(grandma)).thenThrows('CARE_HUB.CONTACT_NOT_FOUND', CARE_HUB_TEXT.notFound.contact);
      spec.given([added(), deleted()]).when(update(grandma)).thenThrows('CARE_HUB.CONTACT_NOT_FOUND');
      spec.given([added()]).when(update({ ...grandma, phoneNumber: '12' })).thenThrows('CARE_HUB.INVALID', PHONE_INVALID);
    });
  });

  describe('DeleteEmergencyContact', () => {
    it('deletes an active contact', () => {
      spec.given([added()]).when(remove()).then([{ type: 'EmergencyContactDeleted', data: { familyId, contactId: 'c-1', deletedAt: later } }]);
    });

    it('refuses an unknown contact, and one already deleted', () => {
      spec.given([]).when(remove()).thenThrows('CARE_HUB.CONTACT_NOT_FOUND');
      spec.given([added(), deleted()]).when(remove()).thenThrows('CARE_HUB.CONTACT_NOT_FOUND');
    });
  });

  describe('RestoreEmergencyContact (the toast\'s Undo)', () => {
    it('brings a deleted contact back as it was, with its first added time', () => {
      spec
        .given([added(), deleted()])
        .when(restore())
        .then([{ type: 'EmergencyContactRestored', data: { familyId, contactId: 'c-1', ...grandma, addedAt: at, restoredAt: later } }]);
    });

    it('restores the contact as last edited', () => {
      const edited = { ...grandma, notes: 'Moved away' };
      spec
        .given([added(), { type: 'EmergencyContactUpdated', data: { familyId, contactId: 'c-1', ...edited, updatedAt: at } }, deleted()])
        .when(restore())
        .then([{ type: 'EmergencyContactRestored', data: { familyId, contactId: 'c-1', ...edited, addedAt: at, restoredAt: later } }]);
    });

    it('records nothing for a contact that is there (Undo pressed twice)', () => {
      spec.given([added()]).when(restore()).then([]);
      spec.given([added(), deleted(), { type: 'EmergencyContactRestored', data: { familyId, contactId: 'c-1', ...grandma, addedAt: at, restoredAt: at } }]).when(restore()).then([]);
    });

    it('refuses an unknown contact', () => {
      spec.given([added()]).when(restore('c-2')).thenThrows('CARE_HUB.CONTACT_NOT_FOUND', CARE_HUB_TEXT.notFound.contact);
    });

    it('refuses to restore past the limit', () => {
      const others = Array.from({ length: CARE_HUB_LIMITS.emergencyContacts }, (_, i) => added(`other-${i}`));
      spec.given([added(), deleted(), ...others]).when(restore()).thenThrows('CARE_HUB.CONTACT_LIMIT', CARE_HUB_TEXT.tooMany.contact);
    });
  });

  describe('events recorded before contacts had an email', () => {
    const { email: _email, ...oldGrandma } = grandma;
    const oldAdded = { type: 'EmergencyContactAdded', data: { familyId, contactId: 'c-1', ...oldGrandma, addedAt: at } } as EmergencyContactEvent;

    it('replay with no email, and an unchanged update records nothing', () => {
      expect([oldAdded].reduce(emergencyContactsDecider.evolve, emergencyContactsDecider.initialState()).emergencyContact!['c-1'].details).toEqual(grandma);
      spec.given([oldAdded]).when(update(oldGrandma)).then([]);
      spec
        .given([oldAdded, { type: 'EmergencyContactUpdated', data: { familyId, contactId: 'c-1', ...oldGrandma, notes: 'Moved', updatedAt: at } } as EmergencyContactEvent, deleted()])
        .when(restore())
        .then([{ type: 'EmergencyContactRestored', data: { familyId, contactId: 'c-1', ...grandma, notes: 'Moved', addedAt: at, restoredAt: later } }]);
    });
  });

  it('replaying the stream twice gives the same state', () => {
    const events = [added(), added('c-2'), deleted(), { type: 'EmergencyContactRestored', data: { familyId, contactId: 'c-1', ...grandma, addedAt: at, restoredAt: later } } as EmergencyContactEvent];
    const replay = () => events.reduce(emergencyContactsDecider.evolve, emergencyContactsDecider.initialState());
    expect(replay()).toEqual(replay());
    expect(replay().emergencyContact!['c-1']).toEqual({ details: grandma, addedAt: at, deleted: false });
  });
});
