import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
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
      <Button shape="circle" size="large" icon={<LeftOutlined />} aria-label="Previous day" onClick={onPrevious} />
      <div className="day-navigator__center">
        <span className="day-navigator__label" aria-live="polite">
          {label}
        </span>
        {date !== today && (
          <Button type="link" size="small" onClick={onToday}>
            Go to Today
          </Button>
        )}
      </div>
      <Button shape="circle" size="large" icon={<RightOutlined />} aria-label="Next day" onClick={onNext} />
    </nav>
  );
}
