/** A task's optional details, none set: what a plain task is scheduled with (TaskScheduled data, ScheduleTask details). */
export const NO_TASK_DETAILS = {
  description: null,
  medicationId: null,
  imageUrl: null,
  timeSlot: null,
  taskGroupId: null,
  timeSpecificNotes: null,
  appointmentDetails: null,
} as const;
