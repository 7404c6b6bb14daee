import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { TaskEvent } from './domain/task';
import type { TaskTemplateEvent } from './domain/task-template';

const task = { name: ERASED, description: ERASED, imageUrl: null, timeSpecificNotes: ERASED, appointmentDetails: null } as const;

/** What a task says about its care recipient (names, notes, reasons) is encrypted with the recipient's key. */
export const schedulingPersonalData: PersonalDataDeclaration<TaskEvent | TaskTemplateEvent> = {
  TaskScheduled: { subject: 'childId', fields: task },
  TaskUpdated: { subject: 'childId', fields: task },
  AppointmentUpdated: { subject: 'childId', fields: task },
  TaskCompleted: { subject: 'childId', fields: { notes: ERASED } },
  TaskRemoved: { subject: 'childId', fields: { reason: ERASED } },
  TaskBecameUrgentOverdue: { subject: 'childId', fields: { name: ERASED } },
  TaskReminderSent: { subject: 'childId', fields: { name: ERASED } },
  TaskEscalationStepReached: { subject: 'childId', fields: { name: ERASED } },
  TaskTemplateCreated: {
    subject: 'childId',
    fields: { name: ERASED, templateName: ERASED, description: ERASED, imageUrl: null, timeNotes: {} },
  },
};
