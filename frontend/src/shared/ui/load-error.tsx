import { CloseCircleFilled } from './icons';
import { PlainButton } from './plain-button';

/**
 * What a screen shows when its data could not be loaded: the reason in words and a Retry button.
 * Drawn like antd's error Alert without antd, so Today's first load carries none.
 */
export function LoadError({ title, onRetry, className }: { title: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className ? `plain-alert ${className}` : 'plain-alert'} role="alert">
      <CloseCircleFilled className="plain-alert__icon" />
      <div className="plain-alert__message">{title}</div>
      <PlainButton size="small" onClick={onRetry}>
        Retry
      </PlainButton>
    </div>
  );
}
