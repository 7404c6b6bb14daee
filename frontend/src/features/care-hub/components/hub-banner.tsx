import { ExclamationCircleOutlined } from '@ant-design/icons';

/** The coloured reminder at the top of a directory: what to store and what not to. */
export function HubBanner({ tone, children }: { tone: 'red' | 'green' | 'purple'; children: string }) {
  return (
    <p className={`care-hub-banner care-hub-banner--${tone}`}>
      <ExclamationCircleOutlined aria-hidden />
      <span>{children}</span>
    </p>
  );
}
