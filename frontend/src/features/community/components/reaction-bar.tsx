import { REACTION_TYPES, type ReactionSummary, type ReactionType } from '@carecircle/libs';
import { Button } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useToggleReactionMutation, type Target } from '../api';
import { REACTION_LABELS, toggledReaction } from '../logic/reactions';

/**
 * Like, Thank you and Helpful on a post or comment: toggle buttons (aria-pressed) with their counts.
 * A tap shows at once; the server's answer then stands, and a refusal puts the buttons back. A tap
 * while one toggle is on its way is ignored, so two quick taps cannot cross.
 */
export function ReactionBar({ target, summary, disabled = false, about }: { target: Target; summary: ReactionSummary; disabled?: boolean; about: string }) {
  const [toggle, { isLoading }] = useToggleReactionMutation();
  // The tapped state until the read comes back; a new summary from the server replaces it.
  const [shown, setShown] = useState<{ from: ReactionSummary; value: ReactionSummary } | null>(null);
  const current = shown && shown.from === summary ? shown.value : summary;

  const tap = async (type: ReactionType) => {
    if (isLoading) return;
    setShown({ from: summary, value: toggledReaction(current, type) });
    try {
      const result = await toggle({ ...target, reactionType: type }).unwrap();
      setShown((now) => (now && now.from === summary ? { from: summary, value: result.reactions } : now));
    } catch (error) {
      setShown(null);
      void toast({ title: 'Could not react', description: serverMessage(error) ?? 'Please check your connection and try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="reaction-bar" role="group" aria-label={`Reactions to ${about}`}>
      {REACTION_TYPES.map((type) => {
        const pressed = current.mine.includes(type);
        const count = current.counts[type] ?? 0;
        return (
          <Button
            key={type}
            size="small"
            type={pressed ? 'primary' : 'default'}
            aria-pressed={pressed}
            aria-label={`${REACTION_LABELS[type]} ${count}`}
            disabled={disabled}
            className="reaction-bar__button"
            onClick={() => void tap(type)}
          >
            {REACTION_LABELS[type]} <span className="reaction-bar__count">{count}</span>
          </Button>
        );
      })}
    </div>
  );
}
