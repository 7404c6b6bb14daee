import type { TaskTemplate } from '@carecircle/libs';

/**
 * A template or repeating task: stream `task-template-{templateId}`. Its details are the API's
 * TaskTemplate less identity and lifecycle fields (dates yyyy-mm-dd; times HH:MM, sorted, unique).
 */
export type TemplateDetails = Omit<TaskTemplate, 'id' | 'childId' | 'isActive' | 'createdAt'>;

export type TaskTemplateEvent =
  | { type: 'TaskTemplateCreated'; data: TemplateDetails & { templateId: string; childId: string; createdBy: string; createdAt: string } }
  | { type: 'TaskTemplateDeactivated'; data: { templateId: string; childId: string; deactivatedBy: string | null; deactivatedAt: string } };

export const taskTemplateStream = (templateId: string) => `task-template-${templateId}`;

export type TaskTemplateState =
  | { status: 'none' }
  | { status: 'active' | 'inactive'; templateId: string; childId: string; details: TemplateDetails };

export const initialTaskTemplateState = (): TaskTemplateState => ({ status: 'none' });

export function evolveTaskTemplate(state: TaskTemplateState, event: TaskTemplateEvent): TaskTemplateState {
  switch (event.type) {
    case 'TaskTemplateCreated': {
      const { templateId, childId, createdBy: _by, createdAt: _at, ...details } = event.data;
      return { status: 'active', templateId, childId, details };
    }
    case 'TaskTemplateDeactivated':
      return state.status === 'none' ? state : { ...state, status: 'inactive' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
