import { CARE_HUB_TEXT } from '@carecircle/libs';
import { PHONE_RULE, storedPhone } from './phone';

/** Optional text as the API takes it: trimmed, null when blank. */
export const optionalText = (value: string | undefined) => value?.trim() || null;

/** An optional phone in its stored (E.164) form; null when blank. The form has validated it. */
export const optionalPhone = (value: string | undefined) => {
  const typed = value?.trim();
  return typed ? (storedPhone(typed) ?? typed) : null;
};

export const OPTIONAL_PHONE_RULES = [PHONE_RULE];

export const EMAIL_RULE = { type: 'email' as const, message: CARE_HUB_TEXT.emailInvalid };
