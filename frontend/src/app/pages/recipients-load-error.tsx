import { LoadError } from '../../shared/ui/load-error';

/** Shown by pages that need the care-recipient list when it failed to load, with a retry. */
export function RecipientsLoadError({ onRetry }: { onRetry: () => void }) {
  return <LoadError title="Could not load your care recipients." onRetry={onRetry} />;
}
