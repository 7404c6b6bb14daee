import { asksBeforeEarlyDose, type Task } from '@carecircle/libs';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The early-dose question (issue 21): a medication completed more than an hour before its time is
 * asked about first, "Due at 8:00 AM. Give it now?". `confirm(task)` answers true at once when no
 * question is needed, else once the caregiver answers; `asking` is the task to show the question
 * for (render EarlyDoseDialog with it) and `answer` closes it. The rule is libs' asksBeforeEarlyDose,
 * read on the device's clock at the moment of the tap.
 */
export function useEarlyDoseQuestion() {
  const [asking, setAsking] = useState<Task | null>(null);
  const pending = useRef<((yes: boolean) => void) | null>(null);

  const answer = useCallback((yes: boolean) => {
    pending.current?.(yes);
    pending.current = null;
    setAsking(null);
  }, []);

  const confirm = useCallback((task: Task): Promise<boolean> => {
    if (!asksBeforeEarlyDose(task, new Date())) return Promise.resolve(true);
    pending.current?.(false); // a question left open is a no
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setAsking(task);
    });
  }, []);

  // Unmounted while asking (the task left the screen): nothing is given.
  useEffect(() => () => pending.current?.(false), []);

  return { confirm, asking, answer };
}
