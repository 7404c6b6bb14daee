import { WarningFilled } from '../../../shared/ui/icons';
import { isOverdue } from '@carecircle/libs';
import type { ReactNode } from 'react';
import { monthDay, weekdayName } from '../../../shared/formatting/dates';
import { useGetTasksForDayQuery } from '../api';
import { dataOnly } from '../../../app/hooks';

interface Props {
  /** The recipient whose urgent overdue tasks are counted (none while there are no recipients). */
  childId?: string;
  /** Today (yyyy-mm-dd) in the care team's zone: the date shown, whatever the device's zone. */
  today: string;
  now: Date;
  /** The recipient selector (or nothing while there are no recipients). */
  recipientControl?: ReactNode;
  /** Buttons on the right: the notification bell, managing recipients. */
  actions?: ReactNode;
}

/** Home header: product title and weekday, the actions (the bell among them), urgent overdue count, then who the day is for. */
export function TodayHeader({ childId, today, now, recipientControl, actions }: Props) {
  const { data: tasks } = useGetTasksForDayQuery({ childId: childId ?? '', date: today }, { skip: !childId, selectFromResult: dataOnly });
  const urgentOverdue = (tasks ?? []).filter((task) => task.isUrgent && isOverdue(task, now)).length;

  return (
    <header className="today-header">
      <div className="today-header__top">
        <div>
          <h1 className="today-header__title">CareCircle</h1>
          <p className="today-header__date">
            <span className="today-header__weekday">{weekdayName(today)}</span>, {monthDay(today)}
          </p>
        </div>
        <div className="today-header__actions">
          {actions}
        </div>
      </div>
      {urgentOverdue > 0 && (
        <p className="urgent-overdue" role="status">
          <WarningFilled aria-hidden /> {urgentOverdue} urgent {urgentOverdue === 1 ? 'task' : 'tasks'} overdue
        </p>
      )}
      {recipientControl && <div className="today-header__recipient">{recipientControl}</div>}
    </header>
  );
}
