import type { Task } from '@carecircle/libs';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { dayLabel } from '../hooks/use-care-day';
import { AchievementCards } from './achievement-cards';
import { DayNavigator } from './day-navigator';
import { ProgressStrip } from './progress-strip';
import { TodayTimeline } from './today-timeline';
import { UpcomingAppointments } from './upcoming-appointments';

interface Props {
  childId: string;
  day: {
    today: string;
    selectedDate: string;
    previous: () => void;
    next: () => void;
    goToToday: () => void;
  };
  now: Date;
  /** False for a view-only caregiver: the day is shown without the controls that change it. */
  canEdit: boolean;
  onAddTask?: () => void;
  onEditAppointment?: (task: Task) => void;
}

/**
 * The scheduling part of the home dashboard. Wide screens follow the spec's order (document 2,
 * section 2): achievements, day, progress, appointments, tasks. On a phone the day's tasks come right
 * after the day navigator, so the next due and overdue ones are the first thing on screen; progress,
 * appointments and achievements follow them.
 */
export function CareDay({ childId, day, now, canEdit, onAddTask, onEditAppointment }: Props) {
  const { today, selectedDate } = day;
  const phone = useMediaQuery(PHONE_QUERY);
  const dayName = dayLabel(selectedDate, today);
  const title = selectedDate === today ? "Today's Tasks" : `Tasks for ${dayName}`;
  const timeline = (
    <TodayTimeline
      key={`${childId}:${selectedDate}`}
      childId={childId}
      date={selectedDate}
      title={title}
      dayName={dayName}
      now={now}
      canEdit={canEdit}
      onAddTask={onAddTask}
      onEditAppointment={onEditAppointment}
    />
  );
  return (
    <>
      {!phone && <AchievementCards />}
      <DayNavigator
        date={selectedDate}
        today={today}
        onPrevious={day.previous}
        onNext={day.next}
        onToday={day.goToToday}
      />
      {phone && timeline}
      <ProgressStrip childId={childId} date={selectedDate} label={dayName} />
      <UpcomingAppointments childId={childId} today={today} />
      {!phone && timeline}
      {phone && <AchievementCards />}
    </>
  );
}
