import type { Task } from '@carecircle/libs';
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { QuickAddRequest } from '../../features/scheduling/quick-add/quick-add-request';
import { useHasBeenTrue } from '../../shared/hooks/use-has-been-true';
import { usePrefetchOnInteraction } from '../../shared/hooks/use-prefetch-on-interaction';
import { useLastPresent } from '../../shared/hooks/use-last-present';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd';

// The dialog loads on demand (prefetched at the user's first touch or key press) so that the Today
// route's first load stays small; antd's theme loads beside it (Today's first paint has none).
const loadHost = () => import('./quick-add-host');
const QuickAddHost = lazyWithAntd(loadHost);
const LOADERS = [loadHost];

export interface QuickAdd {
  /** Add New Task, for this recipient (else the page's recipient, else the last one). */
  openTask: (options?: { childId?: string }) => void;
  /** Add Appointment. */
  openAppointment: (options?: { childId?: string }) => void;
  /** Edit Task, or Edit Appointment for an appointment (e.g. the edit button of an appointment card). */
  edit: (task: Task) => void;
  /** The recipient the current page shows; the bottom navigation's Quick Add adds for them. */
  setPageRecipient: (childId: string | null) => void;
}

const QuickAddContext = createContext<QuickAdd | null>(null);

/** Opens the quick-add dialog from anywhere inside the signed-in layout. */
export function useQuickAdd(): QuickAdd {
  const value = useContext(QuickAddContext);
  if (!value) throw new Error('useQuickAdd must be used inside QuickAddProvider (the signed-in layout).');
  return value;
}

/** Declares the recipient a page shows, so Quick Add in the bottom navigation adds for that recipient. */
export function useQuickAddRecipient(childId: string | undefined): void {
  const { setPageRecipient } = useQuickAdd();
  useEffect(() => {
    setPageRecipient(childId ?? null);
    return () => setPageRecipient(null);
  }, [childId, setPageRecipient]);
}

interface Opened {
  request: QuickAddRequest;
  /** Changes on every opening, so the dialog starts afresh. */
  seq: number;
}

export function QuickAddProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [pageRecipient, setPageRecipient] = useState<string | null>(null);
  const shown = useLastPresent(opened);
  const mounted = useHasBeenTrue(opened !== null);
  usePrefetchOnInteraction(LOADERS);

  const openings = useRef(0);
  const open = useCallback((request: QuickAddRequest) => {
    openings.current += 1;
    setOpened({ request, seq: openings.current });
  }, []);
  const value = useMemo<QuickAdd>(
    () => ({
      openTask: (options) => open({ kind: 'task', childId: options?.childId }),
      openAppointment: (options) => open({ kind: 'appointment', childId: options?.childId }),
      edit: (task) => open({ kind: 'edit', task }),
      setPageRecipient,
    }),
    [open],
  );

  return (
    <QuickAddContext.Provider value={value}>
      {children}
      {mounted && shown && (
        <Suspense fallback={null}>
          <QuickAddHost
            key={shown.seq}
            open={opened !== null}
            request={shown.request}
            defaultChildId={pageRecipient}
            onClose={() => setOpened(null)}
          />
        </Suspense>
      )}
    </QuickAddContext.Provider>
  );
}
