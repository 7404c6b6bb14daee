import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TaskTemplate } from '@carecircle/libs';
import { Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { LoadError } from '../../../shared/ui/load-error';
import { toast } from '../../../shared/ui/toast';
import { todayLocal } from '../quick-add/dates';
import { useGetRepeatingTasksQuery, usePauseRepeatingTaskMutation } from './api';
import { EditScheduleDialog } from './edit-schedule-dialog';
import { scheduleSummary } from './schedule-summary';
import { StopScheduleDialog } from './stop-schedule-dialog';
import './repeating-schedules.css';

interface Props {
  childId: string;
  canEdit: boolean;
  /** Shown first (a task's own schedule, from its details). */
  firstId?: string | null;
}

/** A recipient's repeating schedules: what and when; edit from a date, pause or resume, stop with a reason. */
export function RepeatingSchedules({ childId, canEdit, firstId }: Props) {
  const { data, isLoading, isError, refetch } = useGetRepeatingTasksQuery(childId);
  const [pause] = usePauseRepeatingTaskMutation();
  const [editing, setEditing] = useState<TaskTemplate | null>(null);
  const [stopping, setStopping] = useState<TaskTemplate | null>(null);
  const today = todayLocal();

  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (isError && !data) return <LoadError title="Could not load repeating schedules." onRetry={() => refetch()} />;
  const list = [...(data ?? [])].sort((a, b) => Number(b.id === firstId) - Number(a.id === firstId));
  if (list.length === 0) return <p className="muted">No repeating schedules yet.</p>;

  const togglePause = async (template: TaskTemplate) => {
    try {
      await pause({ template, pause: !template.isPaused }).unwrap();
      toast({ title: template.isPaused ? 'Schedule resumed' : 'Schedule paused', description: template.name, variant: 'success' });
    } catch (error) {
      if (!isSessionExpired(error)) toast({ title: 'Could not change the schedule', description: serverMessage(error), variant: 'destructive' });
    }
  };

  return (
    <>
      <ul className="repeating-schedules">
        {list.map((template) => (
          <li key={template.id} className="repeating-schedules__item" aria-label={template.name}>
            <div className="repeating-schedules__text">
              <strong>{template.name}</strong> {template.isPaused && <Tag color="warning">Paused</Tag>}
              <span>{scheduleSummary(template)}</span>
              {template.description && <span className="muted">{template.description}</span>}
              {template.effectiveFrom && template.effectiveFrom > today && (
                <span className="muted">Changes from {template.effectiveFrom}</span>
              )}
            </div>
            {canEdit && (
              <div className="repeating-schedules__actions">
                <Button size="small" icon={<EditOutlined />} aria-label={`Edit schedule of ${template.name}`} onClick={() => setEditing(template)}>
                  Edit
                </Button>
                <Button
                  size="small"
                  icon={template.isPaused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
                  aria-label={`${template.isPaused ? 'Resume' : 'Pause'} ${template.name}`}
                  onClick={() => void togglePause(template)}
                >
                  {template.isPaused ? 'Resume' : 'Pause'}
                </Button>
                <Button size="small" danger icon={<StopOutlined />} aria-label={`Stop ${template.name}`} onClick={() => setStopping(template)}>
                  Stop
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing && <EditScheduleDialog template={editing} today={today} onClose={() => setEditing(null)} />}
      {stopping && <StopScheduleDialog template={stopping} onClose={() => setStopping(null)} />}
    </>
  );
}
