import { CalendarOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { addDays, formatClockTime, humanizeOption, type Task } from '@carecircle/libs';
import { Button, Card, Skeleton, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetChildTasksInRangeQuery } from '../api';
import { todayLocal } from '../quick-add/dates';
import { LoadError } from '../../../shared/ui/load-error';
import { useGetCalendarStatusQuery } from './api';
import { ConnectCard, SyncButton, unavailableReason } from './calendar-connection';
import './calendar.css';

/** The calendar picker shows 7 days from today (spec section 9). */
export const CALENDAR_DAYS = 7;

interface Props {
  childId: string;
  childName: string;
  /** The recipient selector (composed by the app). */
  recipientControl?: ReactNode;
  onAddAppointment: () => void;
  onEditAppointment: (task: Task) => void;
}

const asDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** /calendar: the week ahead, today's appointments and one day's schedule by time slot. */
export function CalendarPage({ childId, childName, recipientControl, onAddAppointment, onEditAppointment }: Props) {
  const today = todayLocal();
  const days = Array.from({ length: CALENDAR_DAYS }, (_, i) => addDays(today, i));
  const [selected, setSelected] = useState(today);
  const calendar = useGetCalendarStatusQuery();
  const week = useGetChildTasksInRangeQuery({ childId, startDate: today, endDate: days[days.length - 1] });
  const tasks = week.data ?? [];
  const todaysAppointments = tasks
    .filter((t) => t.scheduledDate === today && t.category === 'appointment')
    .sort((a, b) => a.localTime.localeCompare(b.localTime));
  const dayTasks = tasks.filter((t) => t.scheduledDate === selected);

  return (
    <div className="page calendar-page">
      <header className="calendar-page__header">
        <div>
          <h1 className="page__title calendar-page__title">Calendar</h1>
          <div className="calendar-page__recipient">{recipientControl}</div>
        </div>
        <SyncButton unavailable={unavailableReason(calendar.data)} />
      </header>

      <DayPicker days={days} today={today} selected={selected} onSelect={setSelected} />

      <ConnectCard status={calendar.data} loading={calendar.isLoading} />

      <Card
        title={<h2 className="calendar-card__title">Today&apos;s Appointments</h2>}
        className="calendar-card"
        actions={[
          <Button key="add" type="link" icon={<PlusOutlined />} onClick={onAddAppointment}>
            Add Appointment
          </Button>,
        ]}
      >
        {week.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : todaysAppointments.length === 0 ? (
          <p className="calendar-card__empty">No appointments today.</p>
        ) : (
          <ul className="calendar-appointments" aria-label="Today's appointments">
            {todaysAppointments.map((task) => (
              <AppointmentRow key={task.id} task={task} onEdit={() => onEditAppointment(task)} />
            ))}
          </ul>
        )}
      </Card>

      <Card
        title={<h2 className="calendar-card__title">Daily Schedule</h2>}
        className="calendar-card"
      >
        <p className="calendar-card__day">{dayLabel(selected, today, 'long')}</p>
        {week.isError && !week.data ? (
          <LoadError title="Failed to fetch tasks" onRetry={() => week.refetch()} />
        ) : week.isLoading ? (
          <Skeleton active />
        ) : dayTasks.length === 0 ? (
          <EmptyDay />
        ) : (
          <DaySchedule tasks={dayTasks} childName={childName} onEditAppointment={onEditAppointment} />
        )}
      </Card>
    </div>
  );
}

function dayLabel(date: string, today: string, style: 'short' | 'long'): string {
  const d = asDate(date);
  if (style === 'long') {
    const text = d.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
    return date === today ? `Today, ${text}` : text;
  }
  return date === today ? 'Today' : d.toLocaleDateString(undefined, { weekday: 'short' });
}

function DayPicker({
  days,
  today,
  selected,
  onSelect,
}: {
  days: string[];
  today: string;
  selected: string;
  onSelect: (date: string) => void;
}) {
  return (
    <div className="calendar-days" role="group" aria-label="Choose a day">
      {days.map((date) => {
        const active = date === selected;
        return (
          <button
            key={date}
            type="button"
            className={active ? 'calendar-days__day calendar-days__day--active' : 'calendar-days__day'}
            aria-pressed={active}
            title={dayLabel(date, today, 'long')}
            onClick={() => onSelect(date)}
          >
            <span className="calendar-days__weekday">{dayLabel(date, today, 'short')}</span>{' '}
            <span className="calendar-days__number">{asDate(date).getDate()}</span>
          </button>
        );
      })}
    </div>
  );
}

function AppointmentRow({ task, onEdit }: { task: Task; onEdit: () => void }) {
  const details = task.appointmentDetails;
  const start = details?.startTime ?? task.localTime;
  const where = details?.isTelemedicine ? 'Telehealth visit' : details?.location;
  return (
    <li className="calendar-appointment">
      <CalendarOutlined className="calendar-appointment__icon" aria-hidden />
      <div className="calendar-appointment__body">
        <span className="calendar-appointment__name">{task.name}</span>
        <span className="calendar-appointment__meta">
          {formatClockTime(start)}
          {details?.endTime ? ` – ${formatClockTime(details.endTime)}` : ''}
          {where ? ` · ${where}` : ''}
        </span>
      </div>
      <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${task.name}`} onClick={onEdit} />
    </li>
  );
}

function DaySchedule({
  tasks,
  childName,
  onEditAppointment,
}: {
  tasks: Task[];
  childName: string;
  onEditAppointment: (task: Task) => void;
}) {
  const slots = new Map<string, Task[]>();
  for (const task of [...tasks].sort((a, b) => a.localTime.localeCompare(b.localTime) || a.name.localeCompare(b.name))) {
    slots.set(task.localTime, [...(slots.get(task.localTime) ?? []), task]);
  }
  return (
    <div className="calendar-schedule" aria-label={`${childName}'s schedule`}>
      {[...slots.entries()].map(([time, slotTasks]) => (
        <section key={time} className="calendar-slot" aria-label={formatClockTime(time)}>
          <h3 className="calendar-slot__time">{formatClockTime(time)}</h3>
          <ul className="calendar-slot__tasks">
            {slotTasks.map((task) => (
              <li
                key={task.id}
                className={
                  task.category === 'appointment' ? 'calendar-task calendar-task--appointment' : 'calendar-task'
                }
              >
                <div className="calendar-task__body">
                  <span className="calendar-task__name">{task.name}</span>
                  <span className="calendar-task__meta">
                    {humanizeOption(task.category)}
                    {task.isUrgent ? ' · Urgent' : ''}
                  </span>
                </div>
                {task.planned ? (
                  <Tag>Planned</Tag>
                ) : task.status === 'completed' ? (
                  <Tag color="success">Completed</Tag>
                ) : task.isOverdue ? (
                  <Tag color="error">Overdue</Tag>
                ) : null}
                {task.category === 'appointment' && !task.planned && (
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${task.name}`}
                    onClick={() => onEditAppointment(task)}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function EmptyDay() {
  const navigate = useNavigate();
  return (
    <div className="calendar-empty">
      <CalendarOutlined className="calendar-empty__icon" aria-hidden />
      <p>No tasks scheduled for this day</p>
      <Button type="primary" onClick={() => navigate('/')}>
        Add Tasks
      </Button>
    </div>
  );
}
