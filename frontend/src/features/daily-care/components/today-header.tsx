import type { ReactNode } from 'react';
import { monthDay, weekdayName } from '../../../shared/formatting/dates';

interface Props {
  /** The recipient selector (or nothing while there are no recipients). */
  recipientControl?: ReactNode;
  /** Buttons on the right, such as managing recipients. */
  actions?: ReactNode;
}

/** Home header: product title and weekday, then who the day is for. */
export function TodayHeader({ recipientControl, actions }: Props) {
  const now = new Date();
  return (
    <header className="today-header">
      <div className="today-header__top">
        <div>
          <h1 className="today-header__title">CareCircle</h1>
          <p className="today-header__date">
            <span className="today-header__weekday">{weekdayName(now)}</span>, {monthDay(now)}
          </p>
        </div>
        {/* Urgent-overdue count and the unread-notification dot arrive with tasks and notifications. */}
        <div className="today-header__actions">{actions}</div>
      </div>
      {recipientControl && <div className="today-header__recipient">{recipientControl}</div>}
    </header>
  );
}
