import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { CopyLink } from '../../shared/ui/copy-link';
import type { SubmitState } from './use-onboarding-submit';

interface Props {
  state: SubmitState;
  running: boolean;
  onRetry: () => void;
  onFinish: () => void;
}

/** After Complete Setup: what was saved and what was not (with the server's reason), and the invitation link to share. */
export function SubmitResults({ state, running, onRetry, onFinish }: Props) {
  const failed = state.calls.filter((call) => state.outcomes[call.key]?.status !== 'saved');
  const link = state.invitation && !state.invitation.emailSent ? state.invitation.acceptUrl : null;
  return (
    <div aria-live="polite">
      <h3 className="wizard-step__title">{failed.length === 0 ? 'All set' : 'Some things were not saved'}</h3>
      <ul className="onboarding-results">
        {state.calls.map((call) => {
          const outcome = state.outcomes[call.key];
          const saved = outcome?.status === 'saved';
          return (
            <li key={call.key} className={saved ? 'onboarding-results__saved' : 'onboarding-results__failed'}>
              {saved ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />} {saved ? 'Saved' : 'Not saved'}: {call.label}
              {outcome?.status === 'failed' && <span className="muted"> ({outcome.reason})</span>}
              {!outcome && <span className="muted"> (not sent: the care recipient was not saved)</span>}
            </li>
          );
        })}
      </ul>
      {link && <CopyLink label="No email was sent. Share this invitation link yourself:" url={link} />}
      <div className="wizard-actions">
        {failed.length > 0 && (
          <Button type="primary" loading={running} onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button type={failed.length === 0 ? 'primary' : 'default'} disabled={running} onClick={onFinish}>
          {failed.length === 0 ? 'Go to Today' : 'Finish for now'}
        </Button>
      </div>
    </div>
  );
}
