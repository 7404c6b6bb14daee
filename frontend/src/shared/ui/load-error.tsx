import { Alert, Button } from 'antd';

/** What a screen shows when its data could not be loaded: the reason in words and a Retry button. */
export function LoadError({ title, onRetry, className }: { title: string; onRetry: () => void; className?: string }) {
  return (
    <Alert
      className={className}
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
