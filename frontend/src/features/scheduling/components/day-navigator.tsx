import { LeftOutlined, RightOutlined } from '../../../shared/ui/icons';
import { PlainButton } from '../../../shared/ui/plain-button';
import { dayLabel } from '../hooks/use-care-day';

interface Props {
  date: string;
  today: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}

/** Previous, next and Go to Today; the label reads Today, Yesterday, Tomorrow or "Mon, Jun 2". */
export function DayNavigator({ date, today, onPrevious, onNext, onToday }: Props) {
  const label = dayLabel(date, today);
  return (
    <nav className="day-navigator" aria-label="Day">
      <PlainButton shape="circle" size="large" icon={<LeftOutlined />} aria-label="Previous day" onClick={onPrevious} />
      <div className="day-navigator__center">
        <span className="day-navigator__label" aria-live="polite">
          {label}
        </span>
        {date !== today && (
          <PlainButton variant="link" size="small" onClick={onToday}>
            Go to Today
          </PlainButton>
        )}
      </div>
      <PlainButton shape="circle" size="large" icon={<RightOutlined />} aria-label="Next day" onClick={onNext} />
    </nav>
  );
}
