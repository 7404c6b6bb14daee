import type { Child } from '@carecircle/libs';
import { useRef, useState } from 'react';
import { isSessionExpired, reasonOf } from '../../shared/api/api-error';
import {
  useOnboardingAddContactMutation,
  useOnboardingAddRecipientMutation,
  useOnboardingAddRepeatingTaskMutation,
  useOnboardingAddTemplateMutation,
  useOnboardingInviteMutation,
  type CreatedInvitation,
} from './api';
import { recipientInput, type OnboardingDraft, type SubmitCall } from './onboarding-draft';

export type CallOutcome = { status: 'saved' } | { status: 'failed'; reason: string };

export interface SubmitState {
  calls: SubmitCall[];
  outcomes: Record<string, CallOutcome>;
  child: Child | null;
  invitation: CreatedInvitation | null;
}

/** The spec defers the submission about 50 ms after Complete Setup. */
export const SUBMIT_DELAY_MS = 50;

/**
 * Complete Setup: sends the plan's calls in order, once (a second click while one runs is ignored).
 * Nothing after the recipient can be sent without it; every later call is tried, and the ones that
 * fail are listed with the server's reason. Retry sends only those, with their original keys, so a
 * call that did arrive is replayed by the server rather than created twice.
 */
export function useOnboardingSubmit(draft: OnboardingDraft) {
  const [state, setState] = useState<SubmitState | null>(null);
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);
  const [addRecipient] = useOnboardingAddRecipientMutation();
  const [addTemplate] = useOnboardingAddTemplateMutation();
  const [addRepeatingTask] = useOnboardingAddRepeatingTaskMutation();
  const [invite] = useOnboardingInviteMutation();
  const [addContact] = useOnboardingAddContactMutation();

  const send = async (call: SubmitCall, current: SubmitState): Promise<void> => {
    const idempotencyKey = call.key;
    switch (call.kind) {
      case 'recipient':
        current.child = await addRecipient({ idempotencyKey, body: recipientInput(draft.child) }).unwrap();
        return;
      case 'medication':
        await addTemplate({ idempotencyKey, childId: current.child!.id, body: call.input }).unwrap();
        return;
      case 'task':
        await addRepeatingTask({ idempotencyKey, childId: current.child!.id, body: call.input }).unwrap();
        return;
      case 'invitation':
        current.invitation = await invite({ idempotencyKey, body: { ...call.input, childIds: [current.child!.id] } }).unwrap();
        return;
      case 'contact':
        await addContact({ idempotencyKey, body: call.input }).unwrap();
        return;
    }
  };

  /** Runs the calls not yet saved; answers the state, or null when the session ended. */
  const run = async (plan: SubmitCall[]): Promise<SubmitState | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setRunning(true);
    await new Promise((resolve) => window.setTimeout(resolve, SUBMIT_DELAY_MS));
    const current: SubmitState = state ? { ...state, outcomes: { ...state.outcomes } } : { calls: plan, outcomes: {}, child: null, invitation: null };
    try {
      for (const call of current.calls) {
        if (current.outcomes[call.key]?.status === 'saved') continue;
        if (call.kind !== 'recipient' && !current.child) break;
        try {
          await send(call, current);
          current.outcomes[call.key] = { status: 'saved' };
        } catch (error) {
          if (isSessionExpired(error)) return null;
          current.outcomes[call.key] = { status: 'failed', reason: reasonOf(error) ?? 'Please try again.' };
          if (call.kind === 'recipient') break;
        }
      }
      setState(current);
      return current;
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };

  return { state, running, run, reset: () => setState(null) };
}

export const failedCalls = (state: SubmitState) => state.calls.filter((call) => state.outcomes[call.key]?.status !== 'saved');
