import { randomUUID } from 'node:crypto';
import { decodeCursor, timeAndId } from '../../../../platform/http/page';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { NotificationsProjection } from './notifications.projection';
import { NotificationsQuery } from './notifications.query';

describe('notifications read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new NotificationsProjection();

  const parent = randomUUID();
  const grandpa = randomUUID();
  const nanny = randomUUID();
  const stranger = randomUUID();
  const maya = randomUUID();
  const other = randomUUID();
  const query = () => new NotificationsQuery(h.orm.em);
  /** Everything of one user (these tests hold far fewer than a page). */
  const listFor = async (userId: string, options: { unread?: boolean } = {}) => (await query().pageFor(userId, { ...options, limit: 200 })).items;

  const added = (childId: string, primaryCaregiverId: string, firstName: string) =>
    h.record(`care-recipient-${childId}`, {
      type: 'CareRecipientAdded',
      data: {
        childId, primaryCaregiverId, firstName, lastName: 'Lopez', dateOfBirth: null, medicalNotes: null, notes: null,
        gender: null, phone: null, email: null, profileImageUrl: null, addedAt: '2026-11-01T10:00:00Z',
      },
    });
  const granted = (childId: string, userId: string) =>
    h.record(`care-recipient-${childId}`, { type: 'CaregiverAccessGranted', data: { childId, userId, canEdit: false, grantedAt: '2026-11-01T11:00:00Z' } });
  const overdue = (childId: string, name: string, detectedAt: string, taskId = randomUUID()) =>
    h.record(`task-${taskId}`, {
      type: 'TaskBecameUrgentOverdue',
      data: { taskId, childId, name, scheduledTime: '2026-11-21T08:30:00.000-08:00', localTime: '08:30', detectedAt },
    });

  it('tells every caregiver of the recipient, naming the task and its time; others get nothing', async () => {
    await h.apply(projection, [added(maya, parent, 'Maya'), granted(maya, grandpa), added(other, stranger, 'Sam')]);
    const first = overdue(maya, 'Catheterization', '2026-11-21T16:31:00.000Z');
    await h.apply(projection, [first]);

    for (const user of [parent, grandpa]) {
      expect(await listFor(user)).toEqual([
        {
          id: expect.any(String),
          taskId: first.data.taskId,
          childId: maya,
          type: 'urgent_overdue',
          title: 'Urgent task overdue: Catheterization',
          message: `Maya's urgent task "Catheterization" was due at 08:30 and is not done yet.`,
          isRead: false,
          sentAt: '2026-11-21T16:31:00.000Z',
          acknowledgedAt: null,
        },
      ]);
    }
    expect(await listFor(stranger)).toEqual([]);
    expect(await listFor(nanny)).toEqual([]);
  });

  it('lists newest first; read state comes from NotificationRead, own notifications only', async () => {
    await h.apply(projection, [overdue(maya, 'Seizure meds', '2026-11-21T20:00:00.000Z')]);
    const list = await listFor(parent);
    expect(list.map((n) => n.title)).toEqual(['Urgent task overdue: Seizure meds', 'Urgent task overdue: Catheterization']);

    const target = list[0];
    await h.apply(projection, [
      // someone else's id for the same notification changes nothing
      h.record(`notification-${target.id}`, { type: 'NotificationRead', data: { notificationId: target.id, userId: stranger, readAt: '2026-11-21T20:05:00Z' } }),
    ]);
    expect((await query().byIdFor(parent, target.id))?.isRead).toBe(false);
    await h.apply(projection, [
      h.record(`notification-${target.id}`, { type: 'NotificationRead', data: { notificationId: target.id, userId: parent, readAt: '2026-11-21T20:05:00Z' } }),
    ]);
    expect((await query().byIdFor(parent, target.id))?.isRead).toBe(true);
    expect(await query().byIdFor(grandpa, target.id)).toBeNull();
    expect((await listFor(grandpa)).every((n) => !n.isRead)).toBe(true);
  });

  it('is idempotent: the same events again add nothing', async () => {
    const event = overdue(maya, 'Feeding', '2026-11-21T21:00:00.000Z');
    await h.apply(projection, [event]);
    const before = await h.rows('notifications');
    await h.apply(projection, [event]);
    expect(await h.rows('notifications')).toEqual(before);
  });

  it('revoking access removes that caregiver’s notifications about the recipient; removing the recipient removes all of them', async () => {
    await h.apply(projection, [h.record(`care-recipient-${maya}`, { type: 'CaregiverAccessRevoked', data: { childId: maya, userId: grandpa, revokedAt: '2026-11-22T10:00:00Z' } })]);
    expect(await listFor(grandpa)).toEqual([]);
    expect((await listFor(parent)).length).toBe(3);

    await h.apply(projection, [overdue(other, 'Inhaler', '2026-11-22T11:00:00.000Z')]);
    await h.apply(projection, [h.record(`care-recipient-${maya}`, { type: 'CareRecipientRemoved', data: { childId: maya, removedAt: '2026-11-22T12:00:00Z' } })]);
    expect(await listFor(parent)).toEqual([]);
    expect((await listFor(stranger)).map((n) => n.title)).toEqual(['Urgent task overdue: Inhaler']);
  });
  it('an important care update notifies every caregiver but its author, once; edits refresh the text; a removal takes it back', async () => {
    const lila = randomUUID();
    const updateId = randomUUID();
    const stream = `care-updates-${lila}`;
    const update = (important: boolean, text: string) => ({ childId: lila, updateId, authorId: grandpa, text, imageUrl: null, important });
    const ofType = async (user: string) => (await listFor(user)).filter((n) => n.type === 'care_update');
    await h.apply(projection, [added(lila, parent, 'Lila'), granted(lila, grandpa), granted(lila, nanny)]);

    // Not important: nobody is told.
    await h.apply(projection, [h.record(stream, { type: 'CareUpdatePosted', data: { ...update(false, 'Quiet day'), postedAt: '2026-11-23T10:00:00.000Z' } })]);
    expect(await ofType(parent)).toEqual([]);
    // The primary caregiver marks grandpa's update important: the others are told, not its author or the editor.
    const marked = h.record(stream, {
      type: 'CareUpdateEdited',
      data: { ...update(true, `Fever   of 39.2\nat ${'noon '.repeat(60)}`), editedBy: parent, editedAt: '2026-11-23T11:00:00.000Z' },
    });
    await h.apply(projection, [marked]);
    expect(await ofType(parent)).toEqual([]);
    const [forNanny] = await ofType(nanny);
    expect(forNanny).toEqual({
      id: expect.any(String),
      taskId: null,
      childId: lila,
      type: 'care_update',
      title: 'Important update about Lila',
      message: expect.stringMatching(/^Fever of 39\.2 at noon noon .*…$/),
      isRead: false,
      sentAt: '2026-11-23T11:00:00.000Z',
      acknowledgedAt: null,
    });
    expect(forNanny.message).toHaveLength(200);
    expect(await ofType(grandpa)).toEqual([]);
    // Applied again, or edited again: still one each; the message follows the text.
    await h.apply(projection, [marked, h.record(stream, { type: 'CareUpdateEdited', data: { ...update(true, 'Fever is down'), editedBy: grandpa, editedAt: '2026-11-23T12:00:00.000Z' } })]);
    expect((await ofType(nanny)).map((n) => [n.message, n.sentAt])).toEqual([['Fever is down', '2026-11-23T11:00:00.000Z']]);
    expect(await ofType(grandpa)).toEqual([]);

    // A new important post: everyone but its author.
    const second = randomUUID();
    await h.apply(projection, [
      h.record(stream, { type: 'CareUpdatePosted', data: { ...update(true, 'Hospital visit'), updateId: second, authorId: nanny, postedAt: '2026-11-23T13:00:00.000Z' } }),
    ]);
    expect((await ofType(parent)).map((n) => n.message)).toEqual(['Hospital visit']);
    expect((await ofType(nanny)).map((n) => n.message)).toEqual(['Fever is down']);

    await h.apply(projection, [h.record(stream, { type: 'CareUpdateRemoved', data: { childId: lila, updateId, authorId: grandpa, removedBy: grandpa, removedAt: '2026-11-23T14:00:00.000Z' } })]);
    expect(await ofType(nanny)).toEqual([]);
    expect(await ofType(grandpa)).toEqual([expect.objectContaining({ message: 'Hospital visit' })]);
    await h.apply(projection, [h.record(`care-recipient-${lila}`, { type: 'CareRecipientRemoved', data: { childId: lila, removedAt: '2026-11-23T15:00:00Z' } })]);
    for (const user of [parent, grandpa, nanny]) expect(await ofType(user)).toEqual([]);
  });

  it('reminders and escalation steps notify exactly who they went to in the app; acknowledging and reading all are one’s own', async () => {
    const sam = randomUUID();
    const taskId = randomUUID();
    const stream = `task-${taskId}`;
    const subject = { taskId, childId: sam, name: 'Baclofen 5 mg', scheduledTime: '2026-11-24T16:00:00.000Z', localTime: '08:00' };
    const mine = async (user: string) => (await listFor(user)).filter((n) => n.taskId === taskId);
    await h.apply(projection, [added(sam, parent, 'Sam'), granted(sam, grandpa), granted(sam, nanny)]);
    await h.apply(projection, [
      h.record(stream, {
        type: 'TaskReminderSent',
        data: { ...subject, reminder: { kind: 'medication', offset: null }, sentAt: '2026-11-24T15:45:00.000Z',
          deliveries: [{ userId: parent, channels: ['in_app', 'push'] }, { userId: grandpa, channels: ['push'] }] },
      }),
      h.record(stream, {
        type: 'TaskEscalationStepReached',
        data: { ...subject, step: 1, notify: 'secondary_caregivers', reachedAt: '2026-11-24T16:15:00.000Z',
          deliveries: [{ userId: nanny, channels: ['in_app', 'email'] }, { contactId: randomUUID(), channels: ['email'] }] },
      }),
    ]);
    expect(await mine(parent)).toEqual([
      { id: expect.any(String), taskId, childId: sam, type: 'medication_reminder', title: 'Due at 8:00 AM: Baclofen 5 mg', message: `Sam's "Baclofen 5 mg" is due at 8:00 AM.`, isRead: false, sentAt: '2026-11-24T15:45:00.000Z', acknowledgedAt: null },
    ]);
    expect(await mine(grandpa)).toEqual([]); // push only
    expect(await mine(nanny)).toEqual([expect.objectContaining({ type: 'escalation', title: 'Still not done: Baclofen 5 mg', sentAt: '2026-11-24T16:15:00.000Z' })]);

    await h.apply(projection, [h.record(stream, { type: 'TaskAlertAcknowledged', data: { taskId, childId: sam, scheduledTime: subject.scheduledTime, acknowledgedBy: nanny, acknowledgedAt: '2026-11-24T16:16:00.000Z' } })]);
    expect(await mine(nanny)).toEqual([expect.objectContaining({ isRead: true, acknowledgedAt: '2026-11-24T16:16:00.000Z' })]);
    expect(await mine(parent)).toEqual([expect.objectContaining({ isRead: false, acknowledgedAt: null })]);

    const nannyUnread = await listFor(nanny, { unread: true });
    await h.apply(projection, [h.record(`notification-inbox-${parent}`, { type: 'AllNotificationsRead', data: { userId: parent, upTo: '2026-11-24T15:45:00.000Z', readAt: '2026-11-24T17:00:00.000Z' } })]);
    expect((await listFor(parent)).every((n) => n.isRead)).toBe(true);
    expect(await listFor(parent, { unread: true })).toEqual([]);
    expect(await listFor(nanny, { unread: true })).toEqual(nannyUnread);
  });

  it('a batch (applyBatch: a burst of alerts, other events between them) leaves the rows that the events one at a time leave', async () => {
    const [ivy, ben] = [randomUUID(), randomUUID()];
    const reminder = (childId: string, deliveries: object[]) => {
      const taskId = randomUUID();
      return h.record(`task-${taskId}`, {
        type: 'TaskReminderSent',
        data: { taskId, childId, name: 'Keppra', scheduledTime: '2026-11-25T16:00:00.000Z', localTime: '08:00', reminder: { kind: 'medication', offset: null }, sentAt: '2026-11-25T15:45:00.000Z', deliveries },
      });
    };
    const step = (childId: string) => {
      const taskId = randomUUID();
      return h.record(`task-${taskId}`, {
        type: 'TaskEscalationStepReached',
        data: { taskId, childId, name: 'Suction', scheduledTime: '2026-11-25T16:00:00.000Z', localTime: '08:00', step: 0, notify: 'primary', reachedAt: '2026-11-25T16:00:00.000Z', deliveries: [{ userId: parent, channels: ['push', 'in_app'] }] },
      });
    };
    const events = [
      added(ivy, parent, 'Ivy'),
      granted(ivy, grandpa),
      ...Array.from({ length: 5 }, () => reminder(ivy, [{ userId: parent, channels: ['in_app', 'push'] }, { userId: grandpa, channels: ['in_app'] }])),
      reminder(ben, [{ userId: parent, channels: ['in_app'] }]), // a recipient this projection does not know: no row
      step(ivy),
      h.record(`care-recipient-${ivy}`, { type: 'CaregiverAccessRevoked', data: { childId: ivy, userId: grandpa, revokedAt: '2026-11-25T16:01:00Z' } }),
      reminder(ivy, [{ userId: parent, channels: ['push'] }, { userId: grandpa, channels: ['in_app'] }]),
      h.record(`care-recipient-${ivy}`, { type: 'CareRecipientUpdated', data: { childId: ivy, firstName: 'Ivy Rose' } }),
      reminder(ivy, [{ userId: parent, channels: ['in_app'] }]),
    ];
    const rows = async () => [
      await h.em().execute('SELECT * FROM notifications WHERE child_id IN (?, ?) ORDER BY id', [ivy, ben]),
      await h.em().execute('SELECT * FROM notification_children WHERE child_id IN (?, ?) ORDER BY child_id', [ivy, ben]),
      await h.em().execute('SELECT * FROM notification_shares WHERE child_id IN (?, ?) ORDER BY user_id', [ivy, ben]),
    ];
    const clear = () => Promise.all(projection.tables.map((table) => h.em().execute(`DELETE FROM ${table} WHERE child_id IN (?, ?)`, [ivy, ben])));
    await h.apply(projection, events);
    const oneByOne = await rows();
    // The parent's five, the step, grandpa's reminder after his access ended (his five earlier ones went with it), the last one ("Ivy Rose").
    expect(oneByOne[0]).toHaveLength(8);
    await clear();
    await h.em().transactional((em) => projection.applyBatch(em, events as Parameters<typeof projection.applyBatch>[1]));
    expect(await rows()).toEqual(oneByOne);
  });

  it('keeps who may edit: a changed grant updates it', async () => {
    const lou = randomUUID();
    const canEdit = async () => (await h.em().execute('SELECT can_edit FROM notification_shares WHERE child_id = ? AND user_id = ?', [lou, nanny]))[0]?.can_edit;
    await h.apply(projection, [added(lou, parent, 'Lou'), granted(lou, nanny)]);
    expect(await canEdit()).toBe(false);
    await h.apply(projection, [h.record(`care-recipient-${lou}`, { type: 'CaregiverAccessGranted', data: { childId: lou, userId: nanny, canEdit: true, grantedAt: '2026-11-24T10:00:00Z' } })]);
    expect(await canEdit()).toBe(true);
  });

  it('pages newest first by (sent_at, id) through the next cursor: no repeats or gaps while new ones arrive, ties included', async () => {
    const busy = randomUUID();
    const kid = randomUUID();
    await h.apply(projection, [added(kid, busy, 'Kim')]);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString();
    // Minutes 0..11, two notifications at each even minute: 18 in all.
    await h.apply(projection, Array.from({ length: 12 }, (_, i) => i).flatMap((m) => (m % 2 === 0 ? [overdue(kid, `T${m}a`, at(m)), overdue(kid, `T${m}b`, at(m))] : [overdue(kid, `T${m}`, at(m))])));
    const seen: string[] = [];
    let after: { at: string; id: string } | null = null;
    for (let page = 0; ; page++) {
      const result = await query().pageFor(busy, { after, limit: 4 });
      expect(result.items.length).toBeLessThanOrEqual(4);
      seen.push(...result.items.map((n) => n.sentAt + n.id));
      if (page === 0) await h.apply(projection, [overdue(kid, 'Newer', at(30))]); // newer than the first page: not in later pages
      if (result.next === null) break;
      after = decodeCursor(result.next, timeAndId);
    }
    expect(seen).toHaveLength(18);
    expect(new Set(seen).size).toBe(18);
    expect(seen).toEqual([...seen].sort().reverse());
    // The unread-only list pages the same way, and no page reaches another user's rows.
    expect((await query().pageFor(busy, { unread: true, limit: 200 })).items).toHaveLength(19);
    expect((await query().pageFor(stranger, { after: { at: at(59), id: randomUUID() }, limit: 200 })).items.every((n) => !n.title.startsWith('Urgent task overdue: T'))).toBe(true);
  });
});
