import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { addDays, DAY_NAMES, type DayName, type TaskTemplate } from '@carecircle/libs';
import { Button, Checkbox, Input, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import { fieldErrors, isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { DAY_LABELS } from '../task-display';
import { useChangeRepeatingTaskMutation } from './api';

interface Props {
  template: TaskTemplate | null;
  today: string;
  onClose: () => void;
}

/**
 * Edit a repeating schedule from a chosen date (today or later): times, days, end date, dose text.
 * Days before that date keep the schedule they had; the server's message is shown under its field.
 */
export function EditScheduleDialog({ template, today, onClose }: Props) {
  const [change, { isLoading }] = useChangeRepeatingTaskMutation();
  const [from, setFrom] = useState(today);
  const [times, setTimes] = useState<string[]>([]);
  const [days, setDays] = useState<DayName[]>([]);
  const [endDate, setEndDate] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { from: useId(), end: useId(), description: useId(), days: useId() };

  useEffect(() => {
    if (!template) return;
    setFrom(addDays(today, 1));
    setTimes(template.scheduledTimes);
    setDays(template.daysOfWeek);
    setEndDate(template.repeatEndDate ?? '');
    setDescription(template.description ?? '');
    setErrors({});
  }, [template, today]);

  if (!template) return null;

  const save = async () => {
    setErrors({});
    try {
      await change({
        template,
        change: { effectiveFrom: from, scheduledTimes: times.filter(Boolean), daysOfWeek: days, repeatEndDate: endDate || null, description: description.trim() || null },
      }).unwrap();
      toast({ title: 'Schedule changed', description: `${template.name} follows the new schedule from ${from}.`, variant: 'success' });
      onClose();
    } catch (error) {
      if (isSessionExpired(error)) return;
      const byField = Object.fromEntries(fieldErrors(error).map((e) => [e.field.split('.')[0], e.message]));
      setErrors(Object.keys(byField).length > 0 ? byField : { form: serverMessage(error) ?? 'Could not change the schedule. Please try again.' });
    }
  };

  const error = (field: string) =>
    errors[field] && (
      <p className="field-error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <Modal
      open
      title={`Edit schedule: ${template.name}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={isLoading} onClick={() => void save()}>
            Save Schedule
          </Button>
        </div>
      }
    >
      <div className="schedule-form">
        <label htmlFor={ids.from} className="field-label">
          Change starts on
        </label>
        <Input id={ids.from} type="date" min={today} max="2100-12-31" value={from} onChange={(e) => setFrom(e.target.value)} />
        <p className="muted">Days before this date keep their current schedule.</p>
        {error('effectiveFrom')}

        <fieldset className="schedule-form__times">
          <legend className="field-label">Times</legend>
          {times.map((time, index) => (
            <div key={index} className="schedule-form__time">
              <Input
                type="time"
                aria-label={`Time ${index + 1}`}
                value={time}
                onChange={(e) => setTimes(times.map((t, i) => (i === index ? e.target.value : t)))}
              />
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={`Remove time ${index + 1}`}
                disabled={times.length === 1}
                onClick={() => setTimes(times.filter((_, i) => i !== index))}
              />
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setTimes([...times, '12:00'])}>
            Add Time
          </Button>
          {error('scheduledTimes')}
        </fieldset>

        <fieldset>
          <legend className="field-label" id={ids.days}>
            Days
          </legend>
          <Checkbox.Group
            aria-labelledby={ids.days}
            value={days}
            onChange={(value) => setDays(DAY_NAMES.filter((d) => (value as DayName[]).includes(d)))}
            options={DAY_NAMES.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
          />
          {error('daysOfWeek')}
        </fieldset>

        <label htmlFor={ids.end} className="field-label">
          End date (optional)
        </label>
        <Input id={ids.end} type="date" min={from} max="2100-12-31" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        {error('repeatEndDate')}

        <label htmlFor={ids.description} className="field-label">
          Dose or instructions
        </label>
        <Input id={ids.description} value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
        {error('description')}
        {error('form')}
      </div>
    </Modal>
  );
}
