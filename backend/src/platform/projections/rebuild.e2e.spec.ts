import { Logger } from '@nestjs/common';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { useTestApp } from '../../test-support/test-app';
import { ProjectionRunner } from './projection-runner';

/** The read models rebuilt from events equal the live ones, table by table. */
describe('projections:rebuild', () => {
  const t = useTestApp();

  it('rebuilds every live read model to the same rows', async () => {
    const { agent } = await t.signUp({ firstName: 'Rebuild' });
    await agent.patch('/api/user/timezone').send({ timezone: 'Europe/Paris' }).expect(200);
    const maya = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04' }).expect(201)).body;
    const leo = (await agent.post('/api/children').send({ name: 'Leo Park', medicalNotes: 'Epilepsy' }).expect(201)).body;
    await agent.put(`/api/children/${maya.id}`).send({ notes: 'Allergic to latex' }).expect(200);
    const med = (await agent.post(`/api/children/${maya.id}/medications`).send({ name: 'Oxybutynin', dosage: '0.5 ml' }).expect(201)).body;
    await agent.put(`/api/children/${maya.id}/medications/${med.id}`).send({ dosage: '1 ml' }).expect(200);
    await agent.post(`/api/children/${leo.id}/medications`).send({ name: 'Keppra', dosage: '250 mg' }).expect(201);
    const tasks = (await agent.post(`/api/children/${maya.id}/tasks`).send({ name: 'Cath', category: 'catheterization', scheduledTimes: ['06:00', '12:00', '18:00'] }).expect(201)).body;
    await agent.put(`/api/tasks/${tasks[0].id}/complete`).send({ notes: 'ok' }).expect(200);
    await agent.put(`/api/tasks/${tasks[1].id}`).send({ name: 'Cath (noon)', scheduledTime: '12:30' }).expect(200);
    await agent.delete(`/api/tasks/${tasks[2].id}`).send({ reason: 'Doctor changed the plan' }).expect(204);
    await agent.post(`/api/children/${leo.id}/tasks`).send({ name: 'Keppra', category: 'medication', scheduledTimes: ['08:00'] }).expect(201);
    await agent.put(`/api/children/${maya.id}`).send({ firstName: 'Maya Rose', lastName: 'Lopez' }).expect(200);
    // Care Hub: contacts, doctors and support people edited, deleted and restored (Undo), some of a removed recipient.
    const grandma = (await agent.post('/api/emergency-contacts').send({ name: 'Grandma', phoneNumber: '(202) 555-0143', isPrimary: true }).expect(201)).body;
    await agent.put(`/api/emergency-contacts/${grandma.id}`).send({ name: 'Grandma Rosa', phoneNumber: '202 555 0143', relationship: 'Grandmother' }).expect(200);
    const sitter = (await agent.post('/api/emergency-contacts').send({ name: 'Sitter', phoneNumber: '+12025550100', contactType: 'childcare' }).expect(201)).body;
    await agent.delete(`/api/emergency-contacts/${sitter.id}`).expect(204);
    await agent.post(`/api/emergency-contacts/${sitter.id}/restore`).expect(200);
    const deletedContact = (await agent.post('/api/emergency-contacts').send({ name: 'Gone', phoneNumber: '+12025550101' }).expect(201)).body;
    await agent.delete(`/api/emergency-contacts/${deletedContact.id}`).expect(204);
    const drKim = (await agent.post(`/api/children/${maya.id}/doctors`).send({ name: 'Dr. Kim', specialty: 'neurologist', email: 'kim@clinic.example' }).expect(201)).body;
    await agent.delete(`/api/doctors/${drKim.id}`).expect(204);
    await agent.post(`/api/doctors/${drKim.id}/restore`).expect(200);
    await agent.put(`/api/doctors/${drKim.id}`).send({ name: 'Dr. Kim', specialty: 'neurologist', isPrimary: true }).expect(200);
    const nurse = (await agent.post(`/api/children/${maya.id}/family-support`).send({ name: 'Ms. Patel', organization: 'Lincoln' }).expect(201)).body;
    await agent.put(`/api/family-support/${nurse.id}`).send({ name: 'Ms. Patel', role: 'therapist' }).expect(200);
    await agent.post(`/api/children/${leo.id}/doctors`).send({ name: 'Dr. Leo' }).expect(201);
    await agent.post(`/api/children/${leo.id}/family-support`).send({ name: 'Leo support' }).expect(201);
    // Care updates: posted (one important), edited, removed; some of a removed recipient.
    const journal = (await agent.post(`/api/children/${maya.id}/updates`).send({ text: 'Good day', important: true }).expect(201)).body;
    await agent.put(`/api/updates/${journal.id}`).send({ text: 'Very good day', imageUrl: 'https://example.com/day.jpg', important: true }).expect(200);
    const oops = (await agent.post(`/api/children/${maya.id}/updates`).send({ text: 'Oops' }).expect(201)).body;
    await agent.delete(`/api/updates/${oops.id}`).expect(204);
    await agent.post(`/api/children/${leo.id}/updates`).send({ text: 'Leo update' }).expect(201);
    // Support groups: posts (one anonymous), a thread, reactions toggled, reports (one of a comment its author then deletes), deletions by their authors.
    const [group] = (await agent.get('/api/groups').expect(200)).body as { id: string }[];
    const neighbour = await t.signUp({ firstName: 'Neighbour' });
    for (const member of [agent, neighbour.agent]) await member.post(`/api/groups/${group.id}/join`).expect(200);
    const groupPost = (await agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Nights', body: 'Tips?' }).expect(201)).body;
    await neighbour.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Quietly', body: 'Hard week', isAnonymous: true }).expect(201);
    const top = (await neighbour.agent.post(`/api/posts/${groupPost.id}/comments`).send({ body: 'Melatonin' }).expect(201)).body;
    await agent.post(`/api/posts/${groupPost.id}/comments`).send({ body: 'Thanks', parentCommentId: top.id, isAnonymous: true }).expect(201);
    for (const reactionType of ['like', 'helpful', 'like']) await neighbour.agent.put('/api/reactions').send({ postId: groupPost.id, reactionType }).expect(200);
    await agent.put('/api/reactions').send({ commentId: top.id, reactionType: 'thank_you' }).expect(200);
    await agent.post(`/api/comments/${top.id}/report`).send({ reason: 'Medical advice' }).expect(204);
    const ownComment = (await neighbour.agent.post(`/api/posts/${groupPost.id}/comments`).send({ body: 'Oops' }).expect(201)).body;
    await agent.post(`/api/comments/${ownComment.id}/report`).send({ reason: 'Off topic' }).expect(204);
    await neighbour.agent.post(`/api/posts/${groupPost.id}/report`).send({ reason: 'Spam' }).expect(204);
    await neighbour.agent.delete(`/api/comments/${ownComment.id}`).expect(204);
    const ownPost = (await agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Oops', body: 'Wrong group' }).expect(201)).body;
    await agent.delete(`/api/posts/${ownPost.id}`).expect(204);
    await agent.delete(`/api/children/${leo.id}`).expect(204);
    // The care team: an accepted invitation (a secondary caregiver with edit), a pending one with a new link, a revoked one.
    const helper = await t.signUp({ firstName: 'Helper' });
    const invited = (await agent.post('/api/caregiver-invitations').send({ inviteeEmail: helper.user.email, inviteeName: 'Helper', childIds: [maya.id], canEdit: true }).expect(201)).body;
    await helper.agent.post(`/api/caregiver-invitations/${invited.acceptUrl.split('/').pop()}/accept`).expect(200);
    await agent.patch(`/api/children/${maya.id}/caregivers/${helper.user.id}`).send({ canEdit: false }).expect(200);
    const pending = (await agent.post('/api/caregiver-invitations').send({ inviteeEmail: 'later@example.com' }).expect(201)).body;
    await agent.post(`/api/caregiver-invitations/${pending.id}/link`).expect(200);
    const withdrawn = (await agent.post('/api/caregiver-invitations').send({ inviteeEmail: 'withdrawn@example.com' }).expect(201)).body;
    await agent.delete(`/api/caregiver-invitations/${withdrawn.id}`).expect(204);
    await t.signUp({ firstName: 'Second' });
    // Calendar feed links: one replaced by a new one (the first stops working), one stopped.
    await agent.post('/api/calendar/feed-token').send({}).expect(201);
    await agent.post('/api/calendar/feed-token').send({ includeMedications: true }).expect(201);
    await helper.agent.post('/api/calendar/feed-token').send({}).expect(201);
    await helper.agent.delete('/api/calendar/feed-token').expect(204);
    // Support groups: joined, left and joined again elsewhere (each group keeps at most one member here, so ORDER BY 1 is a total order).
    const groups = (await agent.get('/api/groups').expect(200)).body as { id: string }[];
    for (const i of [0, 1, 2]) await agent.post(`/api/groups/${groups[i].id}/join`).expect(200);
    await agent.delete(`/api/groups/${groups[1].id}/leave`).expect(204);
    await helper.agent.post(`/api/groups/${groups[3].id}/join`).expect(200);
    // An erased account and its recipient stay in the log: the replay reads them as "Erased", then drops them.
    const { agent: erased } = await t.signUp({ firstName: 'Erased', email: 'erased-in-rebuild@example.com' });
    const gone = (await erased.post('/api/children').send({ firstName: 'Gone', lastName: 'Soon', dateOfBirth: '2019-01-02' }).expect(201)).body;
    await erased.post(`/api/children/${gone.id}/tasks`).send({ name: 'Gone task', category: 'medication', scheduledTimes: ['09:00'] }).expect(201);
    await erased.post('/api/emergency-contacts').send({ name: 'Erased contact', phoneNumber: '+12025550100' }).expect(201);
    await erased.post(`/api/children/${gone.id}/doctors`).send({ name: 'Erased doctor' }).expect(201);
    await erased.post('/api/caregiver-invitations').send({ inviteeEmail: 'invited-by-erased@example.com' }).expect(201);
    await erased.post(`/api/children/${gone.id}/updates`).send({ text: 'Erased update', important: true }).expect(201);
    await erased.post('/api/calendar/feed-token').send({}).expect(201);
    await erased.post(`/api/groups/${groups[4].id}/join`).expect(200);
    await erased.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    await t.signUp({ firstName: 'Again', email: 'erased-in-rebuild@example.com' }); // the email is free again

    const runner = t.app.get(ProjectionRunner);
    const tables = runner.tables; // every projection's tables: a new read model is covered without editing this test
    expect(tables.length).toBeGreaterThanOrEqual(15);
    const snapshot = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await t.sql(`SELECT * FROM ${table} ORDER BY 1`)).rows])));
    // Every projection has applied every event (the erasure's reminders and reports catch up after its answer).
    await allProjectionsCaughtUp(t.app);
    const live = await snapshot();
    expect(live.children).toHaveLength(1);
    expect(live.medications).toHaveLength(1);
    expect(live.daily_tasks).toHaveLength(2);
    expect(live.users).toHaveLength(5);
    expect(live.group_posts).toHaveLength(3);
    expect(live.group_comments).toHaveLength(3);
    expect(live.group_reactions).toHaveLength(2);
    expect(live.group_reports).toHaveLength(3);
    expect(live.group_report_targets.map((row: { shown: boolean }) => row.shown).sort()).toEqual([false, true, true]); // the deleted comment's is handled
    expect(live.caregiver_invitations).toHaveLength(3);
    expect(live.child_access).toHaveLength(1);
    expect(live.emergency_contacts).toHaveLength(2);
    expect(live.doctors).toHaveLength(1);
    expect(live.family_support).toHaveLength(1);
    expect(live.care_updates).toHaveLength(2); // the removed one stays as a marker without text
    expect(live.calendar_feeds).toEqual([expect.objectContaining({ include_medications: true })]);
    expect(live.groups).toHaveLength(7);
    expect(live.group_members).toHaveLength(4); // the first group: the caregiver and a neighbour, for the conversations above; the erased account's membership went with it
    expect(live.groups.map((row: { member_count: number }) => row.member_count).sort()).toEqual([0, 0, 0, 0, 1, 1, 2]);
    await runner.stop(); // the rebuild needs the live projector stopped
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await runner.rebuild();
    expect(await snapshot()).toEqual(live);
    // every applyBatch held: none fell back to applying its events one by one
    expect(warn.mock.calls.filter(([message]) => String(message).includes('a batch failed'))).toEqual([]);
    expect((await t.sql('SELECT * FROM projection_failures')).rows).toEqual([]);
    // A hang guard, not a speed check: on a loaded 2-core host this story of a whole family took 30 s.
  }, 90_000);
});
