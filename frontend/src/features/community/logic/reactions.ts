import { REACTION_TYPES, type ReactionSummary, type ReactionType } from '@carecircle/libs';

/** What each reaction says on its button (the spec's reaction_type values). */
export const REACTION_LABELS: Record<ReactionType, string> = { like: 'Like', thank_you: 'Thank you', helpful: 'Helpful' };

/**
 * The summary after the user toggles one reaction, before the server answers: pressed ones are
 * released (count down, never below 0), others pressed (count up). The server's answer replaces it.
 */
export function toggledReaction(summary: ReactionSummary, type: ReactionType): ReactionSummary {
  const pressed = summary.mine.includes(type);
  return {
    counts: { ...summary.counts, [type]: Math.max(0, (summary.counts[type] ?? 0) + (pressed ? -1 : 1)) },
    mine: pressed ? summary.mine.filter((mine) => mine !== type) : REACTION_TYPES.filter((each) => each === type || summary.mine.includes(each)),
  };
}

/** "2 Like, 1 Thank you" for a card: the reactions that have any, in the spec's order; '' when none. */
export function reactionCountsText(summary: ReactionSummary): string {
  return REACTION_TYPES.filter((type) => (summary.counts[type] ?? 0) > 0)
    .map((type) => `${summary.counts[type]} ${REACTION_LABELS[type]}`)
    .join(', ');
}
