import type { CareRecipientEvent } from '../modules/care-recipients';

type Added = Extract<CareRecipientEvent, { type: 'CareRecipientAdded' }>;

/**
 * The care recipient decider specs' givens at one instant `at`: recipient 'child' (Maya Lopez) of
 * the primary caregiver 'parent'.
 */
export function careRecipientEventsAt(at: string) {
  return {
    /** A command's metadata at `at`: sent by the primary caregiver unless another actor (null: the system) is named. */
    meta: (actorId: string | null = 'parent') => ({ actorId, correlationId: 'c1', occurredAt: at }),
    /** Maya added with these details; none by default. */
    added: (details: Partial<Added['data']> = {}): Added => ({
      type: 'CareRecipientAdded',
      data: {
        childId: 'child',
        primaryCaregiverId: 'parent',
        firstName: 'Maya',
        lastName: 'Lopez',
        dateOfBirth: null,
        medicalNotes: null,
        notes: null,
        gender: null,
        phone: null,
        email: null,
        profileImageUrl: null,
        addedAt: at,
        ...details,
      },
    }),
    /** Maya shared with `userId`, who may edit her or only view. */
    shared: (userId: string, canEdit: boolean): CareRecipientEvent => ({ type: 'CaregiverAccessGranted', data: { childId: 'child', userId, canEdit, grantedAt: at } }),
  };
}
