import { TASK_CATEGORY_LABELS, type Priority } from '@carecircle/libs';
import type { RoutineTaskCategory } from '../../recipient-setup';

const PRIORITY_TEXT: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <span className={`task-badge task-badge--${priority}`}>{PRIORITY_TEXT[priority]} priority</span>;
}

export function CategoryBadge({ category }: { category: RoutineTaskCategory }) {
  return <span className="task-badge task-badge--category">{TASK_CATEGORY_LABELS[category]}</span>;
}
