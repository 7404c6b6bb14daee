import { useState } from 'react';
import { useHasBeenTrue } from '../../../shared/hooks/use-has-been-true';

/**
 * The add/edit dialog of a directory: closed, or open for one subject (an entry to edit, a preset,
 * or nothing to add). `openings` changes on every opening: used as the dialog's key, each opening
 * starts from a fresh form. The dialog stays mounted after closing so it can animate out.
 */
export function useEntryDialog<T>() {
  const [subject, setSubject] = useState<T | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const mounted = useHasBeenTrue(open);
  return {
    subject,
    open,
    openings,
    mounted,
    show: (next?: T) => {
      setSubject(next);
      setOpenings((count) => count + 1);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
