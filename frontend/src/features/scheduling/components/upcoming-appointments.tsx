import { CalendarOutlined } from '../../../shared/ui/icons';
import { addDays } from '@carecircle/libs';
import { useGetChildTasksInRangeQuery } from '../api';
import { dayLabel } from '../hooks/use-care-day';
import { isAppointment, taskTime } from '../task-display';
import { LoadError } from '../../../shared/ui/load-error';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';
import { dataAndStatus } from '../../../app/hooks';

/** Upcoming Appointments: the next 7 days, 3 shown (spec document 2, section 9). */
export const APPOINTMENT_WINDOW_DAYS = 7;
export const APPOINTMENTS_SHOWN = 3;

export function UpcomingAppointments({ childId, today }: { childId: string; today: string }) {
  const { data, isLoading, isError, refetch } = useGetChildTasksInRangeQuery({
    childId,
    startDate: today,
    endDate: addDays(today, APPOINTMENT_WINDOW_DAYS),
  }, { selectFromResult: dataAndStatus });
  const appointments = (data ?? [])
    .filter((task) => isAppointment(task) && task.status !== 'completed')
    .sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
  const more = appointments.length - APPOINTMENTS_SHOWN;

  return (
    <section className="section-card" aria-labelledby="upcoming-appointments">
      <h2 id="upcoming-appointments" className="section-card__title">
        <CalendarOutlined aria-hidden /> Upcoming Appointments
      </h2>
      {isLoading ? (
        <div role="status" aria-label="Loading appointments">
          <PlainSkeleton title={false} rows={2} />
        </div>
      ) : isError && !data ? (
        <LoadError title="Could not load appointments." onRetry={() => refetch()} />
      ) : appointments.length === 0 ? (
        <p className="muted section-card__empty">No appointments in the next 7 days.</p>
      ) : (
        <>
          <ul className="appointment-list">
            {appointments.slice(0, APPOINTMENTS_SHOWN).map((task) => (
              <li key={task.id} className="appointment-list__item">
                <span className="appointment-list__when">
                  {dayLabel(task.scheduledDate, today)}, {taskTime(task)}
                </span>
                <span className="appointment-list__name">{task.name}</span>
                {task.appointmentDetails?.location && (
                  <span className="appointment-list__where">{task.appointmentDetails.location}</span>
                )}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="appointment-list__more muted">+{more} more</p>}
        </>
      )}
    </section>
  );
}
