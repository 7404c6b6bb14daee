import { HeartOutlined, PlusOutlined } from '../../../shared/ui/icons';
import { PlainButton } from '../../../shared/ui/plain-button';

interface Props {
  onAddRecipient: () => void;
}

/** Home with no care recipients yet. */
export function WelcomeEmptyState({ onAddRecipient }: Props) {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <HeartOutlined className="welcome__icon" aria-hidden />
      <h2 id="welcome-title" className="welcome__title">Welcome to CareCircle!</h2>
      <p className="welcome__text">
        Add the person you care for to start keeping their medications and daily care in one place.
      </p>
      <PlainButton variant="primary" size="large" icon={<PlusOutlined />} onClick={onAddRecipient}>
        Add Care Recipient
      </PlainButton>
    </section>
  );
}
