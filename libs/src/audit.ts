/** What the audit log records (security events, GET /api/user/audit and /api/admin/audit). */
export const AUDIT_ACTION_LABELS = {
  account_created: 'Account created',
  account_erased: 'Account deleted',
  signed_in: 'Signed in',
  signed_in_with_passkey: 'Signed in with a passkey',
  signed_in_with_google: 'Signed in with Google',
  sign_in_failed: 'Failed sign-in (wrong password)',
  passkey_sign_in_failed: 'Failed sign-in (passkey refused)',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  signed_out: 'Signed out',
  access_granted: 'Access to a care recipient granted',
  access_revoked: 'Access to a care recipient revoked',
  care_recipient_removed: 'Care recipient removed',
  caregiver_invited: 'Caregiver invited',
  invitation_revoked: 'Caregiver invitation revoked',
  invitation_accepted: 'Caregiver invitation accepted',
  data_exported: 'Data exported',
  subscription_set_by_admin: 'Subscription set by an administrator',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export interface AuditEntry {
  id: string;
  action: AuditAction;
  occurredAt: string;
  /** The account the entry is about. */
  userId: string;
  /** Who did it, when someone else did (an owner granting access); null for the account itself or the system. */
  actorId: string | null;
  childId: string | null;
  /** Network address and browser of a sign-in or failure. */
  address: string | null;
  userAgent: string | null;
}
