import {
  APPOINTMENT_DEFAULT_END,
  APPOINTMENT_DEFAULT_START,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_REMINDER_LABELS,
  APPOINTMENT_REMINDERS,
  APPOINTMENT_SUBTYPES,
  APPOINTMENT_TYPES,
  appointmentDescription,
  appointmentNotes,
  DEFAULT_APPOINTMENT_REMINDERS,
  isSafeLink,
  readMinutes,
  type AppointmentInput,
  type AppointmentType,
  type Task,
  TEXT_MAX,
} from '@carecircle/libs';
import { Checkbox, Form, Input, Switch } from 'antd';
import { reasonOf } from '../../../shared/api/api-error';
import { FormActions, LongTextItem, RequiredTextItem } from '../../../shared/ui/form-fields';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
import { toast } from '../../../shared/ui/toast';
import { useCreateTasksMutation, useUpdateTaskMutation } from './api';
import { todayLocal } from './dates';
import { optionSelect } from './option-select';

/** The same rule as the server's (libs isSafeLink): https links only. */
const VIDEO_LINK_MESSAGE = 'Please enter a full link (https://...).';

interface AppointmentFormValues {
  title: string;
  type: AppointmentType | '';
  subtype: string;
  date: string;
  startTime: string;
  endTime: string;
  isTelemedicine: boolean;
  videoLink: string;
  location: string;
  attendees: string;
  reminders: string[];
  travelTime: string;
  prepTime: string;
  notes: string;
}

const FIELD_OF: Record<string, keyof AppointmentFormValues> = {
  name: 'title',
  scheduledDate: 'date',
  scheduledTime: 'startTime',
  'appointmentDetails.type': 'type',
  'appointmentDetails.reminders': 'reminders',
};

interface Props {
  childId: string;
  /** The appointment to edit. */
  task?: Task;
  /** A name carried over from the task form. */
  initialTitle?: string;
  onClose: () => void;
}

/** Add Appointment / Edit Appointment. */
export function AppointmentForm({ childId, task, initialTitle, onClose }: Props) {
  const [form] = Form.useForm<AppointmentFormValues>();
  const [createTasks, createState] = useCreateTasksMutation();
  const [updateTask, updateState] = useUpdateTaskMutation();
  const pending = createState.isLoading || updateState.isLoading;
  const editing = task !== undefined;
  const type = Form.useWatch('type', form) ?? '';
  const isTelemedicine = Form.useWatch('isTelemedicine', form) ?? false;
  const details = task?.appointmentDetails;

  const initialValues: AppointmentFormValues = {
    title: task?.name ?? initialTitle ?? '',
    type: details?.type ?? '',
    subtype: details?.subtype ?? '',
    date: task?.scheduledDate ?? todayLocal(),
    startTime: details?.startTime ?? task?.localTime ?? APPOINTMENT_DEFAULT_START,
    endTime: details?.endTime ?? APPOINTMENT_DEFAULT_END,
    isTelemedicine: details?.isTelemedicine ?? false,
    videoLink: details?.videoLink ?? '',
    location: details?.location ?? '',
    attendees: details?.attendees ?? '',
    reminders: details ? [...details.reminders] : [...DEFAULT_APPOINTMENT_REMINDERS],
    travelTime: String(details?.travelTime ?? 0),
    prepTime: String(details?.prepTime ?? 0),
    notes: appointmentNotes(task?.description ?? null),
  };

  const submit = async (values: AppointmentFormValues) => {
    const title = values.title.trim();
    const appointment = {
      type: values.type as AppointmentType,
      subtype: values.subtype || null,
      startTime: values.startTime,
      endTime: values.endTime,
      location: values.isTelemedicine ? null : values.location.trim() || null,
      isTelemedicine: values.isTelemedicine,
      videoLink: values.isTelemedicine ? values.videoLink.trim() || null : null,
      attendees: values.attendees.trim() || null,
      reminders: APPOINTMENT_REMINDERS.filter((r) => values.reminders.includes(r)),
      travelTime: readMinutes(values.travelTime),
      prepTime: readMinutes(values.prepTime),
    } satisfies AppointmentInput;
    const input = {
      name: title,
      category: 'appointment' as const,
      description: appointmentDescription({ ...appointment, notes: values.notes }),
      priority: 'high' as const,
      isUrgent: true,
      scheduledDate: values.date,
      scheduledTime: values.startTime,
      appointmentDetails: appointment,
    };
    try {
      if (editing) {
        await updateTask({ task, input }).unwrap();
        toast({ title: 'Appointment Updated', description: `${title} has been updated on your calendar.`, variant: 'success' });
      } else {
        await createTasks({ childId, input }).unwrap();
        toast({ title: 'Appointment Added', description: `${title} has been added to your calendar.`, variant: 'success' });
      }
      onClose();
    } catch (error) {
      const fieldOf = (field: string) => {
        const name = FIELD_OF[field] ?? field.replace(/^appointmentDetails\./, '');
        return name in initialValues ? name : undefined;
      };
      reportSaveError(form, error, fieldOf, {
        description: reasonOf(error) ?? (editing ? 'Failed to update appointment. Please try again.' : 'Failed to add appointment. Please try again.'),
      });
    }
  };

  return (
    <Form<AppointmentFormValues>
      form={form}
      name={editing ? `edit-appointment-${task.id}` : 'quick-add-appointment'}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed) => {
        if ('type' in changed) form.setFieldValue('subtype', '');
      }}
      disabled={pending}
      initialValues={initialValues}
      scrollToFirstError={{ block: 'center' }}
      className="quick-add-form"
    >
      <RequiredTextItem label="Title" name="title" message="Please enter a title.">
        <Input autoComplete="off" placeholder="e.g. Neurology follow-up" maxLength={TEXT_MAX.name} />
      </RequiredTextItem>

      <div className="quick-add-form__row">
        <Form.Item label="Appointment type" name="type" rules={[{ required: true, message: APPOINTMENT_MESSAGES.typeRequired }]}>
          {optionSelect(APPOINTMENT_TYPES, 'Select a type')}
        </Form.Item>
        {type && (
          <Form.Item label="Kind of visit" name="subtype">
            {optionSelect(APPOINTMENT_SUBTYPES[type as AppointmentType], 'Not set')}
          </Form.Item>
        )}
      </div>

      <Form.Item label="Date" name="date" rules={[{ required: true, message: APPOINTMENT_MESSAGES.dateRequired }]}>
        <Input type="date" />
      </Form.Item>

      <div className="quick-add-form__row">
        <Form.Item
          label="Start time"
          name="startTime"
          rules={[{ required: true, message: APPOINTMENT_MESSAGES.timesRequired }]}
        >
          <Input type="time" step={300} />
        </Form.Item>
        <Form.Item
          label="End time"
          name="endTime"
          required
          dependencies={['startTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                const start: string = getFieldValue('startTime');
                if (!value) throw new Error(APPOINTMENT_MESSAGES.timesRequired);
                if (start && value <= start) throw new Error(APPOINTMENT_MESSAGES.endAfterStart);
              },
            }),
          ]}
        >
          <Input type="time" step={300} />
        </Form.Item>
      </div>

      <Form.Item label="Telehealth (video) visit" name="isTelemedicine" valuePropName="checked">
        <Switch />
      </Form.Item>
      {isTelemedicine ? (
        <Form.Item label="Video link" name="videoLink" rules={[{ validator: (_, value?: string) => (!value?.trim() || isSafeLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(VIDEO_LINK_MESSAGE))) }]}>
          <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" maxLength={TEXT_MAX.url} />
        </Form.Item>
      ) : (
        <Form.Item label="Address" name="location">
          <Input autoComplete="street-address" maxLength={TEXT_MAX.text} />
        </Form.Item>
      )}

      <Form.Item label="Attendees or provider" name="attendees">
        <Input autoComplete="off" placeholder="e.g. Dr. Lee, Mom" maxLength={TEXT_MAX.text} />
      </Form.Item>

      <Form.Item label="Reminders" name="reminders">
        <Checkbox.Group
          className="quick-add-form__checks"
          options={APPOINTMENT_REMINDERS.map((r) => ({ value: r, label: APPOINTMENT_REMINDER_LABELS[r] }))}
        />
      </Form.Item>

      <div className="quick-add-form__row">
        <Form.Item label="Travel time (minutes)" name="travelTime">
          <Input type="number" min={0} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Prep time (minutes)" name="prepTime">
          <Input type="number" min={0} inputMode="numeric" />
        </Form.Item>
      </div>

      <LongTextItem label="Additional details" name="notes" placeholder="Questions to ask, documents to bring" />

      <FormActions onCancel={onClose} pending={pending}>
        {editing ? 'Save Changes' : 'Add Appointment'}
      </FormActions>
    </Form>
  );
}
