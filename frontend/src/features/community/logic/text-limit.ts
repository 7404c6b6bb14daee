/** How a text field stands against its limit: what the counter says and whether it may be sent. */
export interface LimitState {
  length: number;
  over: boolean;
  /** "12 / 200", or "3 characters too many". */
  label: string;
}

/** Counts characters as the server does (UTF-16 units, as String.length), so an emoji counts 2 on both sides. */
export function limitState(text: string, max: number): LimitState {
  const length = text.length;
  const over = length > max;
  const excess = length - max;
  return { length, over, label: over ? `${excess} ${excess === 1 ? 'character' : 'characters'} too many` : `${length} / ${max}` };
}

/** A required text with a limit: something besides spaces, and not over. */
export const sendable = (text: string, max: number) => text.trim() !== '' && text.length <= max;
