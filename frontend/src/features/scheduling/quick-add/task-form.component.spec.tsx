import { TASK_MESSAGES, TEMPLATE_MESSAGES, type Task } from '@carecircle/libs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes } from '../../../test-support/render-with-api';
import { TaskForm } from './task-form';

const LOAD = { timeout: 30_000 };
const medications = [{ id: 'med-1', childId: 'c1', name: 'Keppra', dosage: '0.5 ml', strength: null }] as never[];

function renderForm(answer?: Parameters<typeof renderWithApi>[1], task?: Task) {
  const onClose = vi.fn();
  const onAppointmentChosen = vi.fn();
  const view = renderWithApi(<TaskForm childId="c1" medications={medications} task={task} onClose={onClose} onAppointmentChosen={onAppointmentChosen} />, answer);
  return { ...view, onClose, onAppointmentChosen };
}

// Typing and choosing as change events: antd's inputs in jsdom are slow to type into key by key.
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, option: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: option }).value } });

async function chooseCategory(group: string, type: string) {
  choose('Category', group);
  await screen.findByLabelText('Type');
  choose('Type', type);
}

afterEach(() => vi.unstubAllGlobals());

describe('TaskForm (Quick Add: Add Task)', () => {
  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText(TASK_MESSAGES.nameRequired, {}, LOAD)).toBeTruthy();
    expect(screen.getByText(TASK_MESSAGES.categoryRequired)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it("adds today's task at each time, linked to the chosen medication, and says so", async () => {
    const user = userEvent.setup();
    const { sent, onClose } = renderForm(({ method }) => (method === 'POST' ? { status: 201, body: [{ id: 't1' }, { id: 't2' }, { id: 't3' }] } : undefined));
    fill('Task name', '  Keppra ');
    await chooseCategory('Quick Options', 'Medication');
    // A medication's suggested times replace the untouched default, and the form says so.
    expect(await screen.findByText('Suggested times for Medication were added.')).toBeTruthy();
    choose('Linked medication', 'Keppra (0.5 ml)');
    await user.click(screen.getByRole('button', { name: 'Add Task' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), LOAD);
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/children/c1/tasks',
        body: {
          name: 'Keppra',
          description: null,
          category: 'medication',
          priority: 'medium',
          isUrgent: false,
          medicationId: 'med-1',
          scheduledTimes: ['08:00', '14:00', '20:00'],
        },
      },
    ]);
    expect(await screen.findByText('Tasks scheduled for 3 times today', {}, LOAD)).toBeTruthy();
  });

  it('a repeat whose end is before its start is refused on the form', async () => {
    const user = userEvent.setup();
    const { sent } = renderForm();
    fill('Task name', 'Evening bath');
    await chooseCategory('Daily Routines & Care', 'Hygiene Care');
    await user.click(screen.getByRole('switch'));
    await screen.findByLabelText('End date');
    fill('End date', '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.endBeforeStart, {}, LOAD)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('a template is sent with its name and repeat settings, as a template', async () => {
    const user = userEvent.setup();
    const { sent, onClose } = renderForm(({ method }) => (method === 'POST' ? { status: 201, body: { template: { id: 'tpl' }, tasks: [] } } : undefined));
    await user.click(screen.getByText('Template'));
    fill('Task name', 'Homework');
    fill('Template name', 'School-day routine');
    await chooseCategory('School & Education', 'Homework Support');
    await user.click(screen.getByRole('button', { name: 'Add Template' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), LOAD);
    const [request] = writes(sent);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/children/c1/task-templates',
      body: { name: 'Homework', templateName: 'School-day routine', category: 'homework_support', isTemplate: true, isRepeating: false, isActive: true },
    });
    expect(await screen.findByText('School-day routine has been saved as a template.', {}, LOAD)).toBeTruthy();
  });

  it("shows the server's reason under its field and keeps the form open", async () => {
    const user = userEvent.setup();
    const { onClose } = renderForm(() => ({ status: 400, body: { statusCode: 400, message: 'Validation failed', errors: [{ field: 'name', message: 'A task name has at most 200 characters.' }] } }));
    fill('Task name', 'Walk');
    await chooseCategory('Daily Routines & Care', 'Exercise Activity');
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText('A task name has at most 200 characters.', {}, LOAD)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('choosing Appointment hands over to the appointment form with the name typed', async () => {
    const { onAppointmentChosen } = renderForm();
    fill('Task name', 'Dentist');
    await chooseCategory('Quick Options', 'Appointment');
    expect(onAppointmentChosen).toHaveBeenCalledWith('Dentist');
  });
});
