import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListedReviewItem, ReviewTask } from '../../recipient-setup';
import { TaskReviewDialog } from './task-review-dialog';

const LOAD = { timeout: 30_000 };
const row = (task: Partial<ReviewTask> & Pick<ReviewTask, 'key' | 'time' | 'name'>): ReviewTask => ({
  category: 'medication',
  dosage: '',
  strength: '',
  description: '',
  isUrgent: false,
  priority: 'medium',
  ...task,
});

const keppra = row({ key: 'k', time: '08:00', name: 'Keppra', dosage: '5 ml' });
const flagged = row({ key: 'f', time: '20:00', name: 'Baclofen', dosage: '2 tabs', needsReview: true, sourceText: 'baclofen 2 tabs at bedtime maybe' });

function renderReview(tasks: ReviewTask[], listed: ListedReviewItem[] = []) {
  const onApprove = vi.fn();
  render(
    <TaskReviewDialog
      open
      childName="Theo"
      initialTasks={tasks}
      initialListed={listed}
      initialStartDate="2030-03-01"
      onStartDateChange={() => {}}
      submitting={false}
      onCancel={() => {}}
      onApprove={onApprove}
    />,
  );
  return { onApprove, dialog: () => screen.getByRole('dialog', { name: 'Review Daily Tasks for Theo' }) };
}

const createButton = (count: number) => screen.getByRole('button', { name: `Create ${count} Task(s)` });

describe('TaskReviewDialog (Review Daily Tasks)', () => {
  it('holds back a flagged line until the caregiver confirms it, then approves every row with the schedule', async () => {
    const user = userEvent.setup();
    const { onApprove, dialog } = renderReview([keppra, flagged]);
    await screen.findByRole('dialog', { name: 'Review Daily Tasks for Theo' }, LOAD);
    expect(within(dialog()).getByText('baclofen 2 tabs at bedtime maybe')).toBeTruthy();
    expect(within(dialog()).getByRole('status').textContent).toBe('Check the flagged line, then confirm or edit it.');
    expect(createButton(2).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Confirm Baclofen as shown' }));
    expect(within(dialog()).queryByRole('status')).toBeNull();
    await user.click(createButton(2));

    expect(onApprove).toHaveBeenCalledTimes(1);
    const [tasks, listed, schedule] = onApprove.mock.calls[0];
    expect(tasks.map((task: ReviewTask) => [task.name, task.time, task.dosage, task.needsReview ?? false])).toEqual([
      ['Keppra', '08:00', '5 ml', false],
      ['Baclofen', '20:00', '2 tabs', false],
    ]);
    expect(listed).toEqual([]);
    expect(schedule).toMatchObject({ startDate: '2030-03-01', days: [0, 1, 2, 3, 4, 5, 6] });
  });

  it('a deleted row is not created; with none left there is nothing to create', async () => {
    const user = userEvent.setup();
    renderReview([keppra]);
    await screen.findByRole('dialog', { name: 'Review Daily Tasks for Theo' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Delete Keppra' }));
    expect(screen.getByText('No tasks found. Add some tasks manually.')).toBeTruthy();
    expect(createButton(0).hasAttribute('disabled')).toBe(true);
  });

  it('an end date before the start date is refused', async () => {
    renderReview([keppra]);
    await screen.findByRole('dialog', { name: 'Review Daily Tasks for Theo' }, LOAD);
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2030-02-01' } });
    expect(screen.getByRole('status').textContent).toBe('The end date must not be before the start date.');
    expect(createButton(1).hasAttribute('disabled')).toBe(true);
  });
});
