import { DAY_NAMES, formatClockTime, type TaskTemplate } from '@carecircle/libs';
import { DAY_LABELS } from '../task-display';

/** "8:00 AM, 8:00 PM · Every day · until 2027-01-01" */
export function scheduleSummary(template: Pick<TaskTemplate, 'scheduledTimes' | 'daysOfWeek' | 'repeatPattern' | 'repeatInterval' | 'repeatEndDate'>): string {
  const times = template.scheduledTimes.map(formatClockTime).join(', ');
  const every = template.repeatInterval > 1 ? `Every ${template.repeatInterval} ${template.repeatPattern === 'weekly' ? 'weeks' : 'days'}` : null;
  const days = template.daysOfWeek.length === DAY_NAMES.length ? 'Every day' : template.daysOfWeek.map((d) => DAY_LABELS[d]).join(', ');
  return [times, every ? `${every}, ${days.toLowerCase()}` : days, template.repeatEndDate && `until ${template.repeatEndDate}`].filter(Boolean).join(' · ');
}
