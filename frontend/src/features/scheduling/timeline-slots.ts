import { compareTasks, isOverdue, type IconCategory, type Task } from '@carecircle/libs';
import { iconCategoryOf } from './components/category-icon';

/** Category dots shown on a collapsed slot (spec document 2, section 9). */
export const SLOT_CATEGORY_DOTS = 3;

export interface TimeSlot {
  /** HH:MM on the care team's clock. */
  time: string;
  tasks: Task[];
  completed: number;
  allCompleted: boolean;
  hasOverdue: boolean;
  hasUrgent: boolean;
  hasAppointment: boolean;
  /** The prayer's name when the slot holds a prayer task. */
  prayerName: string | null;
  /** Distinct icon categories, in task order. */
  categories: IconCategory[];
}

/**
 * Tasks grouped by clock time. Slots follow the task order: a slot with an overdue task first, then
 * slots with other pending tasks, then all-completed slots; by clock time within each (section 4).
 */
export function groupIntoSlots(tasks: Task[], now: Date): TimeSlot[] {
  const byTime = new Map<string, Task[]>();
  for (const task of [...tasks].sort(compareTasks(now))) {
    const list = byTime.get(task.localTime) ?? [];
    list.push(task);
    byTime.set(task.localTime, list);
  }
  const slots = [...byTime.entries()].map(([time, list]): TimeSlot => {
    const completed = list.filter((task) => task.status === 'completed').length;
    const prayer = list.find((task) => task.category === 'prayer');
    return {
      time,
      tasks: list,
      completed,
      allCompleted: completed === list.length,
      hasOverdue: list.some((task) => isOverdue(task, now)),
      hasUrgent: list.some((task) => task.isUrgent && task.status !== 'completed'),
      hasAppointment: list.some((task) => task.category === 'appointment'),
      prayerName: prayer ? prayer.name : null,
      categories: [...new Set(list.map(iconCategoryOf))],
    };
  });
  const rank = (slot: TimeSlot) => (slot.hasOverdue ? 0 : slot.allCompleted ? 2 : 1);
  return slots.sort((a, b) => rank(a) - rank(b) || a.time.localeCompare(b.time));
}
