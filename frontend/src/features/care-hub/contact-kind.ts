import { CONTACT_TYPE_LABELS, type EmergencyContact } from '@carecircle/libs';

/**
 * A contact card's relationship and type, each label once: "Grandmother · Family", but "Family"
 * (not "Family · Family") when the relationship is the type's own word, as the onboarding wizard's
 * "Family" is.
 */
export function contactKind(contact: Pick<EmergencyContact, 'relationship' | 'contactType'>): string {
  const labels = [contact.relationship, CONTACT_TYPE_LABELS[contact.contactType]].filter((label): label is string => Boolean(label));
  return labels.filter((label, i) => labels.findIndex((other) => other.toLowerCase() === label.toLowerCase()) === i).join(' · ');
}
