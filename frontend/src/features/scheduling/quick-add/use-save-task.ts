import { readRepeatInterval, taskDescription, type Medication, type Task, type TaskCategory } from '@carecircle/libs';
import type { FormInstance } from 'antd';
import { reasonOf } from '../../../shared/api/api-error';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
import { toast } from '../../../shared/ui/toast';
import { useCreateRepeatingTaskMutation, useCreateTasksMutation, useCreateTaskTemplateMutation, useUpdateTaskMutation } from './api';
import { TASK_FORM_FIELDS, type TaskFormValues } from './task-form-values';

interface SaveTaskOptions {
  childId: string;
  medications: Medication[];
  /** The task being edited; a new task, repeating task or template otherwise. */
  task?: Task;
  /** The form, to show the server's per-field errors under their fields. */
  form: FormInstance<TaskFormValues>;
  /** Called once saved. */
  onSaved: () => void;
}

/**
 * Saving the task form: what is sent for an edit, a template, a repeating task or today's tasks, the
 * toast that says what happened, and on a failure the server's reasons (per field where it names one).
 */
export function useSaveTask({ childId, medications, task, form, onSaved }: SaveTaskOptions) {
  const [createTasks, createState] = useCreateTasksMutation();
  const [createRepeating, repeatingState] = useCreateRepeatingTaskMutation();
  const [createTemplate, templateState] = useCreateTaskTemplateMutation();
  const [updateTask, updateState] = useUpdateTaskMutation();
  const pending = createState.isLoading || repeatingState.isLoading || templateState.isLoading || updateState.isLoading;
  const editing = task !== undefined;

  const save = async (values: TaskFormValues) => {
    const name = values.name.trim();
    const priority = values.priority;
    const times = [...values.scheduledTimes].sort();
    const category = values.category as TaskCategory;
    const base = {
      name,
      description: taskDescription(values.description, category, values.extras ?? {}),
      category,
      priority,
      isUrgent: priority === 'high',
      // The link only to a medication of the chosen recipient (the recipient may have changed).
      medicationId: medications.some((m) => m.id === values.medicationId) ? values.medicationId : null,
    };
    const duration = Number.parseInt(values.estimatedDuration, 10);
    const repeatFields = {
      repeatPattern: values.repeatPattern,
      repeatInterval: readRepeatInterval(values.repeatInterval),
      daysOfWeek: values.daysOfWeek,
      repeatStartDate: values.repeatStartDate,
      repeatEndDate: values.repeatEndDate || null,
      estimatedDuration: Number.isFinite(duration) ? duration : null,
      scheduledTimes: times,
    };
    const scheduledToday = (count: number, asTemplate: boolean) =>
      `Tasks scheduled for ${count} ${count === 1 ? 'time' : 'times'} today${asTemplate ? ' and saved as template' : ''}`;

    let failure = 'Failed to add task. Please try again.';
    try {
      if (editing) {
        failure = 'Failed to update task. Please try again.';
        await updateTask({ task, input: { ...base, scheduledTime: times[0] } }).unwrap();
        toast({ title: 'Task Updated', description: `${name} has been updated.`, variant: 'success' });
      } else if (values.mode === 'template') {
        failure = 'Failed to add template. Please try again.';
        const created = await createTemplate({
          childId,
          input: {
            ...base,
            ...repeatFields,
            templateName: values.templateName.trim(),
            isTemplate: true,
            isRepeating: values.repeat,
            isActive: true,
          },
        }).unwrap();
        toast({
          title: 'Template Added',
          description:
            created.tasks.length > 0
              ? scheduledToday(created.tasks.length, true)
              : `${values.templateName.trim()} has been saved as a template.`,
          variant: 'success',
        });
      } else if (values.repeat) {
        failure = 'Failed to create template or tasks. Please try again.';
        const created = await createRepeating({
          childId,
          ...base,
          ...repeatFields,
          isRepeating: true,
          isTemplate: false,
          isActive: true,
        }).unwrap();
        toast({
          title: 'Repeating task template created',
          description:
            created.tasks.length > 0
              ? scheduledToday(created.tasks.length, true)
              : `${name} will repeat from ${values.repeatStartDate}.`,
          variant: 'success',
        });
      } else {
        const tasks = await createTasks({ childId, input: { ...base, scheduledTimes: times } }).unwrap();
        toast({
          title: 'Task Added',
          description: tasks.length > 1 ? scheduledToday(tasks.length, false) : `${name} has been added to today's schedule.`,
          variant: 'success',
        });
      }
      onSaved();
    } catch (error) {
      reportSaveError(form, error, TASK_FORM_FIELDS, { description: reasonOf(error) ?? failure });
    }
  };

  return { save, pending };
}
