import { describe, expect, it } from '@jest/globals';
import type { EmergencyContact } from '@carecircle/libs';
import { contactKind } from './contact-kind';

describe('contactKind: a contact card says each label once', () => {
  it.each([
    [{ relationship: 'Grandmother', contactType: 'family' }, 'Grandmother · Family'],
    [{ relationship: 'Family', contactType: 'family' }, 'Family'],
    [{ relationship: 'Other', contactType: 'other' }, 'Other'],
    [{ relationship: 'Emergency Service', contactType: 'emergency' }, 'Emergency Service · Emergency'],
    [{ relationship: null, contactType: 'childcare' }, 'Childcare'],
  ] as [Pick<EmergencyContact, 'relationship' | 'contactType'>, string][])('%p reads %p', (contact, label) => {
    expect(contactKind(contact)).toBe(label);
  });
});
