import { Alert, Button } from 'antd';

/** Shown by pages that need the care-recipient list when it failed to load, with a retry. */
export function RecipientsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="Could not load your care recipients."
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
