import type { TemplateSchedule, TemplateVersion } from '@carecircle/libs';

/**
 * A template or repeating task: stream `task-template-{templateId}`. Its details are the API's
 * TaskTemplate less identity and lifecycle fields (dates yyyy-mm-dd; times HH:MM, sorted, unique).
 */
export type TemplateDetails = TemplateSchedule;

export type TaskTemplateEvent =
  | { type: 'TaskTemplateCreated'; data: TemplateDetails & { templateId: string; childId: string; createdBy: string; createdAt: string } }
  /** Stopped (DELETE /api/repeating-tasks/{id}, with a reason) or created inactive (no reason). */
  | { type: 'TaskTemplateDeactivated'; data: { templateId: string; childId: string; deactivatedBy: string | null; deactivatedAt: string; reason?: string } }
  /** Occurrences from effectiveFrom follow `details`; earlier dates keep the schedule they had. */
  | { type: 'TaskTemplateScheduleChanged'; data: { templateId: string; childId: string; effectiveFrom: string; details: TemplateDetails; changedBy: string; changedAt: string } }
  | { type: 'TaskTemplatePaused'; data: { templateId: string; childId: string; pausedBy: string; pausedAt: string } }
  | { type: 'TaskTemplateResumed'; data: { templateId: string; childId: string; resumedBy: string; resumedAt: string } };

export const taskTemplateStream = (templateId: string) => `task-template-${templateId}`;

export type TaskTemplateState =
  | { status: 'none' }
  | {
      status: 'active' | 'inactive';
      templateId: string;
      childId: string;
      /** The newest schedule (what the caregiver last saved), applying from effectiveFrom. */
      details: TemplateDetails;
      effectiveFrom: string | null;
      /** Earlier schedules still in force before effectiveFrom, oldest first. */
      earlierVersions: TemplateVersion[];
      paused: boolean;
      /**
       * Who created the schedule or last changed it (changed, paused, resumed, stopped by someone):
       * the actor of the occurrences materialised from it, so every History entry names a person.
       */
      changedBy: string;
    };

export const initialTaskTemplateState = (): TaskTemplateState => ({ status: 'none' });

/**
 * The versions after a change from `from`: those starting before it stay (each in force until the
 * next one starts), those starting on or after it are replaced. Shared by the state and the read model.
 */
export function withChange(versions: readonly TemplateVersion[], from: string, details: TemplateDetails): TemplateVersion[] {
  return [...versions.filter((v) => v.from === null || v.from < from), { from, details }];
}

export function evolveTaskTemplate(state: TaskTemplateState, event: TaskTemplateEvent): TaskTemplateState {
  switch (event.type) {
    case 'TaskTemplateCreated': {
      const { templateId, childId, createdBy, createdAt: _at, ...details } = event.data;
      return { status: 'active', templateId, childId, details, effectiveFrom: null, earlierVersions: [], paused: false, changedBy: createdBy };
    }
    case 'TaskTemplateDeactivated':
      return state.status === 'none' ? state : { ...state, status: 'inactive', changedBy: event.data.deactivatedBy ?? state.changedBy };
    case 'TaskTemplateScheduleChanged': {
      if (state.status === 'none') return state;
      const versions = withChange([...state.earlierVersions, { from: state.effectiveFrom, details: state.details }], event.data.effectiveFrom, event.data.details);
      const latest = versions[versions.length - 1];
      return { ...state, details: latest.details, effectiveFrom: latest.from, earlierVersions: versions.slice(0, -1), changedBy: event.data.changedBy };
    }
    case 'TaskTemplatePaused':
      return state.status === 'none' ? state : { ...state, paused: true, changedBy: event.data.pausedBy };
    case 'TaskTemplateResumed':
      return state.status === 'none' ? state : { ...state, paused: false, changedBy: event.data.resumedBy };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
