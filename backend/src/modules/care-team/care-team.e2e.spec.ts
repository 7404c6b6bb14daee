import { createHash, randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { INVITATION_MESSAGES as M, type User } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test-support/smtp-inbox';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'https://care.example.org';
const LINK = /^https:\/\/care\.example\.org\/accept-invitation\/([A-Za-z0-9_-]{43})$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The care team over HTTP, on an app that mails through a real local SMTP server: invitations
 * (create, list, new link, revoke, accept), the caregivers panel, the access matrix of every route,
 * bad input that changes nothing, and the inviter's account erasure.
 */
describe('care team over HTTP', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let owner: { agent: TestAgent; user: User };
  let editor: { agent: TestAgent; user: User };
  let viewer: { agent: TestAgent; user: User };
  let otherFamily: { agent: TestAgent; user: User };
  let maya: string;
  let leo: string;
  let othersChild: string;
  let address = 0;

  /** A client address of its own per accept (TRUSTED_PROXIES), so the per-address limit is the throttle test's alone. */
  const from = () => `198.51.100.${++address}`;
  const mailTo = async (email: string): Promise<ReceivedMail> => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const mail = inbox.messages.find((m) => m.to.includes(email));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${email}`);
  };
  const tokenOf = (acceptUrl: string) => LINK.exec(acceptUrl)![1];
  const invite = (agent: TestAgent, body: object) => agent.post('/api/caregiver-invitations').send(body);
  const accept = (agent: TestAgent, token: string) => agent.post(`/api/caregiver-invitations/${token}/accept`).set('X-Forwarded-For', from());
  const signUp = (firstName: string) => t.signUp({ firstName, lastName: 'Test' });
  /** Invites, and has the invitee accept: a caregiver of the owner's recipients. */
  const join = async (who: { agent: TestAgent; user: User }, childIds: string[], canEdit: boolean) => {
    const created = await invite(owner.agent, { inviteeEmail: who.user.email, childIds, canEdit }).expect(201);
    await accept(who.agent, tokenOf(created.body.acceptUrl)).expect(200);
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'CareCircle <no-reply@care.example.org>', PUBLIC_URL, TRUSTED_PROXIES: '127.0.0.1' });
    owner = await t.signUp({ firstName: 'Ana', lastName: 'Silva' });
    editor = await signUp('Editor');
    viewer = await signUp('Viewer');
    otherFamily = await signUp('Other');
    maya = (await owner.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    leo = (await owner.agent.post('/api/children').send({ firstName: 'Leo', lastName: 'Lopez' }).expect(201)).body.id;
    othersChild = (await otherFamily.agent.post('/api/children').send({ firstName: 'Other', lastName: 'Child' }).expect(201)).body.id;
    await join(editor, [maya], true);
    await join(viewer, [maya], false);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('invites by email, the mail’s link is accepted by a second user, who then sees the recipient and may not change it', async () => {
    const grandpa = await t.signUp({ firstName: 'Joe', lastName: 'Park' });
    const created = await invite(owner.agent, { inviteeEmail: grandpa.user.email.toUpperCase(), inviteeName: 'Grandpa <b>Joe</b>', childIds: [maya], canEdit: false }).expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      inviteeEmail: grandpa.user.email,
      inviteeName: 'Grandpa <b>Joe</b>',
      childIds: [maya],
      children: [{ childId: maya, name: 'Maya Lopez' }],
      canEdit: false,
      status: 'pending',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
      acceptUrl: expect.stringMatching(LINK),
      emailSent: true,
    });
    const days = (Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    // The mail, as the SMTP server received it.
    const mail = await mailTo(grandpa.user.email);
    expect(mail.from).toBe('no-reply@care.example.org');
    expect(mail.subject).toBe('Ana Silva invited you to their care team on CareCircle');
    expect(mail.text).toContain(created.body.acceptUrl);
    expect(mail.text).toContain('Hello Grandpa <b>Joe</b>,');
    expect(mail.html).toContain(`href="${created.body.acceptUrl}"`);
    expect(mail.html).toContain('Grandpa &lt;b&gt;Joe&lt;/b&gt;');
    expect(mail.html).not.toMatch(/<img|src=/i);
    const token = tokenOf(/https:\/\/\S+/.exec(mail.text)![0]);

    // The token is stored nowhere: not in events, not in read models; its hash is what is kept.
    const events = JSON.stringify((await t.app.get<EventStore>(EVENT_STORE).readAll(null)).map((e) => [e.type, e.data, e.metadata]));
    expect(events).not.toContain(token);
    const dump = JSON.stringify((await t.sql('SELECT * FROM caregiver_invitations')).rows) + JSON.stringify((await t.sql('SELECT data, metadata FROM es_events')).rows);
    expect(dump).not.toContain(token);
    expect((await t.sql('SELECT token_hash FROM caregiver_invitations WHERE id = $1', [created.body.id])).rows).toEqual([{ token_hash: sha256(token) }]);

    expect((await grandpa.agent.get('/api/children').expect(200)).body).toEqual([]);
    const accepted = await accept(grandpa.agent, token).expect(200);
    expect(accepted.body).toEqual({ message: M.accepted('Ana Silva'), childIds: [maya] });
    expect((await grandpa.agent.get('/api/children').expect(200)).body).toEqual([expect.objectContaining({ id: maya, canEdit: false })]);
    expect((await grandpa.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'secondary_caregiver', primaryUserId: owner.user.id });
    await grandpa.agent.get(`/api/children/${maya}/medications`).expect(200);
    await grandpa.agent.put(`/api/children/${maya}`).send({ notes: 'x' }).expect(403);
    await grandpa.agent.post(`/api/children/${maya}/medications`).send({ name: 'A', dosage: 'B' }).expect(403);
    await grandpa.agent.get(`/api/children/${leo}/medications`).expect(404);
    // The family's emergency contacts (Care Hub): readable, not changeable without edit rights.
    const contact = (await owner.agent.post('/api/emergency-contacts').send({ name: 'Dr. On Call', phoneNumber: '+12025550100' }).expect(201)).body;
    expect((await grandpa.agent.get('/api/emergency-contacts').expect(200)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: contact.id, familyId: owner.user.id, canEdit: false })]),
    );
    await grandpa.agent.put(`/api/emergency-contacts/${contact.id}`).send({ name: 'Changed', phoneNumber: '+12025550100' }).expect(403);

    // Single use: the same person again gets the same answer; anyone else is told it was used.
    expect((await accept(grandpa.agent, token).expect(200)).body).toEqual(accepted.body);
    expect((await accept(otherFamily.agent, token).expect(410)).body.message).toBe(M.alreadyAccepted);

    // The panel: the invitation accepted by Joe; Joe among the caregivers; the edit switch; remove.
    const listed = (await owner.agent.get('/api/caregiver-invitations').expect(200)).body.find((i: { id: string }) => i.id === created.body.id);
    expect(listed).toMatchObject({ status: 'accepted', acceptedBy: { userId: grandpa.user.id, name: 'Joe Park' }, acceptedAt: expect.any(String) });
    expect(listed).not.toHaveProperty('acceptUrl');
    const joe = (await owner.agent.get('/api/caregivers').expect(200)).body.find((c: { userId: string }) => c.userId === grandpa.user.id);
    expect(joe).toEqual({ userId: grandpa.user.id, name: 'Joe Park', email: grandpa.user.email, children: [{ childId: maya, name: 'Maya Lopez', canEdit: false }] });

    expect((await owner.agent.patch(`/api/children/${maya}/caregivers/${grandpa.user.id}`).send({ canEdit: true }).expect(200)).body).toEqual({
      childId: maya,
      userId: grandpa.user.id,
      canEdit: true,
    });
    await grandpa.agent.put(`/api/children/${maya}`).send({ notes: 'Evening meds given by grandpa' }).expect(200);
    await owner.agent.patch(`/api/children/${maya}/caregivers/${grandpa.user.id}`).send({ canEdit: false }).expect(200);
    await grandpa.agent.put(`/api/children/${maya}`).send({ notes: 'again' }).expect(403);

    // Revoked: the caregiver's next request no longer sees the recipient.
    await owner.agent.delete(`/api/children/${maya}/caregivers/${grandpa.user.id}`).expect(204);
    await grandpa.agent.get(`/api/children/${maya}/medications`).expect(404);
    expect((await grandpa.agent.get('/api/children').expect(200)).body).toEqual([]);
    expect((await grandpa.agent.get('/api/emergency-contacts').expect(200)).body.map((c: { id: string }) => c.id)).not.toContain(contact.id);
    expect((await owner.agent.get('/api/caregivers').expect(200)).body.map((c: { userId: string }) => c.userId)).not.toContain(grandpa.user.id);

    // The audit log: the inviter sees the invitation, its acceptance and the access it granted; Joe his acceptance.
    const ownerAudit = (await owner.agent.get('/api/user/audit').expect(200)).body.items.map((e: { action: string }) => e.action);
    expect(ownerAudit).toEqual(expect.arrayContaining(['caregiver_invited', 'invitation_accepted', 'access_granted', 'access_revoked']));
    const joeAudit = (await grandpa.agent.get('/api/user/audit').expect(200)).body.items;
    expect(joeAudit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'invitation_accepted', actorId: owner.user.id })]));
  });

  it('by default an invitation shares every recipient the inviter owns, view only', async () => {
    const aunt = await signUp('Aunt');
    const created = await invite(owner.agent, { inviteeEmail: aunt.user.email }).expect(201);
    expect(created.body).toMatchObject({ childIds: [maya, leo], canEdit: false, inviteeName: null });
    const accepted = await accept(aunt.agent, tokenOf(created.body.acceptUrl)).expect(200);
    expect(accepted.body.childIds).toEqual([maya, leo]);
    expect((await aunt.agent.get('/api/children').expect(200)).body.map((c: { id: string; canEdit: boolean }) => [c.id, c.canEdit])).toEqual([
      [maya, false],
      [leo, false],
    ]);
  });

  it('a user who owns recipients keeps the parent role when joining another family', async () => {
    const parent = await signUp('Parent');
    await parent.agent.post('/api/children').send({ firstName: 'Own', lastName: 'Child' }).expect(201);
    const created = await invite(owner.agent, { inviteeEmail: parent.user.email, childIds: [leo], canEdit: true }).expect(201);
    await accept(parent.agent, tokenOf(created.body.acceptUrl)).expect(200);
    expect((await parent.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'parent', primaryUserId: owner.user.id });
    expect((await parent.agent.get('/api/children').expect(200)).body).toHaveLength(2);
  });

  it('revoke: the link stops working; a new link replaces the old one; an accepted invitation cannot be revoked', async () => {
    const nurse = await signUp('Nurse');
    const first = await invite(owner.agent, { inviteeEmail: nurse.user.email, childIds: [leo] }).expect(201);
    await invite(owner.agent, { inviteeEmail: nurse.user.email, childIds: [maya] }).expect(409);
    await owner.agent.delete(`/api/caregiver-invitations/${first.body.id}`).expect(204);
    await owner.agent.delete(`/api/caregiver-invitations/${first.body.id}`).expect(204);
    expect((await accept(nurse.agent, tokenOf(first.body.acceptUrl)).expect(410)).body.message).toBe(M.revoked);
    await owner.agent.post(`/api/caregiver-invitations/${first.body.id}/link`).expect(409);
    const listed = (await owner.agent.get('/api/caregiver-invitations').expect(200)).body.find((i: { id: string }) => i.id === first.body.id);
    expect(listed).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });

    const second = await invite(owner.agent, { inviteeEmail: nurse.user.email, childIds: [leo] }).expect(201);
    const renewed = await owner.agent.post(`/api/caregiver-invitations/${second.body.id}/link`).expect(200);
    expect(renewed.body).toMatchObject({ id: second.body.id, status: 'pending', acceptUrl: expect.stringMatching(LINK), emailSent: false });
    expect(renewed.body.acceptUrl).not.toBe(second.body.acceptUrl);
    expect((await accept(nurse.agent, tokenOf(second.body.acceptUrl)).expect(404)).body.message).toBe(M.invalidLink);
    await accept(nurse.agent, tokenOf(renewed.body.acceptUrl)).expect(200);
    expect((await owner.agent.delete(`/api/caregiver-invitations/${second.body.id}`).expect(409)).body.message).toBe(M.alreadyAcceptedCannotRevoke);
  });

  it('single use under concurrency: two people accepting one link at once, exactly one gets in', async () => {
    const [first, second] = [await signUp('Racer'), await signUp('Racer')];
    const created = await invite(owner.agent, { inviteeEmail: `race-${randomUUID()}@example.com`, childIds: [leo] }).expect(201);
    const token = tokenOf(created.body.acceptUrl);
    const answers = await Promise.all([accept(first.agent, token), accept(second.agent, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    const seen = await Promise.all([first, second].map(async (who) => (await who.agent.get('/api/children')).body.length));
    expect(seen.sort()).toEqual([0, 1]);
  });

  it('an invitation older than 7 days is expired: listed so, its link gone, and a new link revives it', async () => {
    const late = await signUp('Late');
    const token = 'e'.repeat(43);
    const invitationId = randomUUID();
    const day = 86_400_000;
    // Recorded 8 days ago (the app's clock cannot be moved): the same event the API would have appended.
    const appended = await t.app.get<EventStore>(EVENT_STORE).append(
      `care-team-${owner.user.id}`,
      [
        {
          id: randomUUID(),
          type: 'CaregiverInvited',
          data: {
            primaryUserId: owner.user.id,
            invitationId,
            inviteeEmail: late.user.email,
            inviteeName: null,
            childIds: [leo],
            canEdit: false,
            tokenHash: sha256(token),
            invitedAt: new Date(Date.now() - 8 * day).toISOString(),
            expiresAt: new Date(Date.now() - day).toISOString(),
          },
          metadata: { actorId: owner.user.id, correlationId: randomUUID(), causationId: null, occurredAt: new Date(Date.now() - 8 * day).toISOString() },
        },
      ],
      'any',
    );
    await t.app.get(ProjectionRunner).waitFor(appended.position);
    const listed = (await owner.agent.get('/api/caregiver-invitations').expect(200)).body.find((i: { id: string }) => i.id === invitationId);
    expect(listed).toMatchObject({ status: 'expired' });
    expect((await accept(late.agent, token).expect(410)).body.message).toBe(M.expired);
    // Expired is not pending: the same address may be invited again, or the invitation given a new link.
    const renewed = await owner.agent.post(`/api/caregiver-invitations/${invitationId}/link`).expect(200);
    expect(renewed.body.status).toBe('pending');
    await accept(late.agent, tokenOf(renewed.body.acceptUrl)).expect(200);
  });

  describe('access matrix: primary owner, secondary with edit, secondary view-only, other family, anonymous', () => {
    type Who = 'owner' | 'editor' | 'viewer' | 'other' | 'anonymous';
    const agentOf = (who: Who): TestAgent =>
      ({ owner: owner.agent, editor: editor.agent, viewer: viewer.agent, other: otherFamily.agent, anonymous: t.agent() })[who];
    const statuses = async (call: (agent: TestAgent) => Promise<{ status: number }>, whos: Who[]) =>
      Object.fromEntries(await Promise.all(whos.map(async (who) => [who, (await call(agentOf(who))).status])));

    it('POST /api/caregiver-invitations: only the primary caregiver invites to their recipients', async () => {
      const body = () => ({ inviteeEmail: `matrix-${randomUUID()}@example.com`, childIds: [maya] });
      expect(await statuses((a) => invite(a, body()), ['editor', 'viewer', 'other', 'anonymous'])).toEqual({ editor: 403, viewer: 403, other: 404, anonymous: 401 });
      expect((await invite(editor.agent, body())).body.message).toBe(M.onlyPrimaryInvites);
      expect((await invite(editor.agent, { inviteeEmail: `x-${randomUUID()}@example.com` })).body.message).toBe(M.noRecipients);
      expect((await invite(owner.agent, body())).status).toBe(201);
    });

    it('GET /api/caregiver-invitations: each user sees only their own', async () => {
      expect(await statuses((a) => a.get('/api/caregiver-invitations'), ['owner', 'editor', 'viewer', 'other', 'anonymous'])).toEqual({
        owner: 200, editor: 200, viewer: 200, other: 200, anonymous: 401,
      });
      for (const who of ['editor', 'viewer', 'other'] as const) expect((await agentOf(who).get('/api/caregiver-invitations')).body).toEqual([]);
      expect((await owner.agent.get('/api/caregiver-invitations')).body.length).toBeGreaterThan(2);
    });

    it('DELETE and POST .../link of an invitation: 404 for everyone but its sender', async () => {
      const created = await invite(owner.agent, { inviteeEmail: `matrix-${randomUUID()}@example.com` }).expect(201);
      const id = created.body.id;
      expect(await statuses((a) => a.post(`/api/caregiver-invitations/${id}/link`), ['editor', 'viewer', 'other', 'anonymous'])).toEqual({ editor: 404, viewer: 404, other: 404, anonymous: 401 });
      expect(await statuses((a) => a.delete(`/api/caregiver-invitations/${id}`), ['editor', 'viewer', 'other', 'anonymous'])).toEqual({ editor: 404, viewer: 404, other: 404, anonymous: 401 });
      // Nothing changed: the first link still works until the owner acts.
      const [mine] = (await owner.agent.get('/api/caregiver-invitations')).body.filter((i: { id: string }) => i.id === id);
      expect(mine.status).toBe('pending');
      await owner.agent.post(`/api/caregiver-invitations/${id}/link`).expect(200);
      await owner.agent.delete(`/api/caregiver-invitations/${id}`).expect(204);
    });

    it('POST .../{token}/accept: anonymous 401 and the inviter 400 leave it pending; anyone signed in with the link may accept', async () => {
      const created = await invite(owner.agent, { inviteeEmail: `matrix-${randomUUID()}@example.com`, childIds: [leo] }).expect(201);
      const token = tokenOf(created.body.acceptUrl);
      await accept(t.agent(), token).expect(401);
      expect((await accept(owner.agent, token).expect(400)).body.message).toBe(M.ownInvitation);
      const [still] = (await owner.agent.get('/api/caregiver-invitations')).body.filter((i: { id: string }) => i.id === created.body.id);
      expect(still.status).toBe('pending');
      // The link is a bearer link: whoever signs in with it joins (the inviter sees who did, and can remove them).
      await accept(viewer.agent, token).expect(200);
      expect((await accept(editor.agent, token).expect(410)).body.message).toBe(M.alreadyAccepted);
      await owner.agent.delete(`/api/children/${leo}/caregivers/${viewer.user.id}`).expect(204);
    });

    it('GET .../{token}/invitee: anyone holding a pending link learns whom it invites; any other link is the same 404', async () => {
      const email = `invitee-${randomUUID()}@example.com`;
      const created = await invite(owner.agent, { inviteeEmail: email, childIds: [leo] }).expect(201);
      const token = tokenOf(created.body.acceptUrl);
      const lookup = (path: string) => t.agent().get(`/api/caregiver-invitations/${path}/invitee`).set('X-Forwarded-For', from());
      expect((await lookup(token).expect(200)).body).toEqual({ email });
      for (const other of ['not-a-token', token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
        expect((await lookup(other).expect(404)).body.message).toBe(M.invalidLink);
      }
      await owner.agent.delete(`/api/caregiver-invitations/${created.body.id}`).expect(204);
      expect((await lookup(token).expect(404)).body.message).toBe(M.invalidLink);
    });

    it('GET /api/caregivers: the owner sees the caregivers of their recipients; everyone else has none', async () => {
      expect(await statuses((a) => a.get('/api/caregivers'), ['owner', 'editor', 'viewer', 'other', 'anonymous'])).toEqual({
        owner: 200, editor: 200, viewer: 200, other: 200, anonymous: 401,
      });
      const mine = (await owner.agent.get('/api/caregivers')).body;
      expect(mine).toEqual(
        expect.arrayContaining([
          { userId: editor.user.id, name: 'Editor Test', email: editor.user.email, children: [{ childId: maya, name: 'Maya Lopez', canEdit: true }] },
          { userId: viewer.user.id, name: 'Viewer Test', email: viewer.user.email, children: [{ childId: maya, name: 'Maya Lopez', canEdit: false }] },
        ]),
      );
      for (const who of ['editor', 'viewer', 'other'] as const) expect((await agentOf(who).get('/api/caregivers')).body).toEqual([]);
    });

    it('PATCH and DELETE /api/children/{childId}/caregivers/{userId}: only the primary caregiver', async () => {
      const patch = (a: TestAgent) => a.patch(`/api/children/${maya}/caregivers/${viewer.user.id}`).send({ canEdit: true });
      expect(await statuses(patch, ['editor', 'viewer', 'other', 'anonymous'])).toEqual({ editor: 403, viewer: 403, other: 404, anonymous: 401 });
      expect((await patch(editor.agent)).body.message).toBe(M.onlyPrimary);
      const remove = (a: TestAgent, target: User) => a.delete(`/api/children/${maya}/caregivers/${target.id}`);
      expect({
        editor: (await remove(editor.agent, viewer.user)).status,
        viewer: (await remove(viewer.agent, editor.user)).status,
        other: (await remove(otherFamily.agent, viewer.user)).status,
        anonymous: (await remove(t.agent(), viewer.user)).status,
      }).toEqual({ editor: 403, viewer: 403, other: 404, anonymous: 401 });
      // Nothing changed.
      expect((await viewer.agent.get('/api/children')).body).toEqual([expect.objectContaining({ id: maya, canEdit: false })]);
      expect((await editor.agent.get('/api/children')).body).toEqual([expect.objectContaining({ id: maya, canEdit: true })]);
      await patch(owner.agent).expect(200);
      expect((await viewer.agent.get('/api/children')).body).toEqual([expect.objectContaining({ id: maya, canEdit: true })]);
      await owner.agent.patch(`/api/children/${maya}/caregivers/${viewer.user.id}`).send({ canEdit: false }).expect(200);
      // Another family's recipient, even with an id of a caregiver of theirs: 404.
      await owner.agent.patch(`/api/children/${othersChild}/caregivers/${viewer.user.id}`).send({ canEdit: true }).expect(404);
    });
  });

  it('bad input is a 400 or 404 and changes nothing', async () => {
    const snapshot = async () => ({
      events: await t.eventCount(),
      invitations: (await owner.agent.get('/api/caregiver-invitations')).body,
      caregivers: (await owner.agent.get('/api/caregivers')).body,
      others: (await otherFamily.agent.get('/api/caregiver-invitations')).body,
    });
    const before = await snapshot();
    const email = `bad-${randomUUID()}@example.com`;
    const cases: [string, () => Promise<{ status: number; body: { message?: string; errors?: { field: string }[] } }>, number, string?][] = [
      ['an unknown recipient', () => invite(owner.agent, { inviteeEmail: email, childIds: [randomUUID()] }), 404, 'childIds'],
      ['another family’s recipient', () => invite(owner.agent, { inviteeEmail: email, childIds: [maya, othersChild] }), 404, 'childIds'],
      ['no recipients chosen', () => invite(owner.agent, { inviteeEmail: email, childIds: [] }), 400, 'childIds'],
      ['a non-UUID recipient', () => invite(owner.agent, { inviteeEmail: email, childIds: ['maya'] }), 400, 'childIds'],
      ['recipients not a list', () => invite(owner.agent, { inviteeEmail: email, childIds: maya }), 400, 'childIds'],
      ['a malformed email', () => invite(owner.agent, { inviteeEmail: 'maya@' }), 400, 'inviteeEmail'],
      ['an email with spaces inside', () => invite(owner.agent, { inviteeEmail: 'ma ya@example.com' }), 400, 'inviteeEmail'],
      ['a number for an email', () => invite(owner.agent, { inviteeEmail: 42 }), 400, 'inviteeEmail'],
      ['no email', () => invite(owner.agent, { childIds: [maya] }), 400, 'inviteeEmail'],
      ['one’s own email', () => invite(owner.agent, { inviteeEmail: owner.user.email.toUpperCase() }), 400, 'inviteeEmail'],
      ['a 10 kB name', () => invite(owner.agent, { inviteeEmail: email, inviteeName: 'x'.repeat(10_000) }), 400, 'inviteeName'],
      ['a name with NUL', () => invite(owner.agent, { inviteeEmail: email, inviteeName: 'a\u0000b' }), 400, 'inviteeName'],
      ['text for canEdit', () => invite(owner.agent, { inviteeEmail: email, canEdit: 'yes' }), 400, 'canEdit'],
      ['an array body', () => owner.agent.post('/api/caregiver-invitations').send([email]), 400],
      ['revoke: not a UUID', () => owner.agent.delete('/api/caregiver-invitations/not-a-uuid'), 404],
      ['revoke: unknown', () => owner.agent.delete(`/api/caregiver-invitations/${randomUUID()}`), 404],
      ['new link: not a UUID', () => owner.agent.post('/api/caregiver-invitations/1/link'), 404],
      ['accept: a short token', () => accept(otherFamily.agent, 'abc'), 404],
      ['accept: an unknown token', () => accept(otherFamily.agent, 'A'.repeat(43)), 404],
      ['access: a non-UUID recipient', () => owner.agent.patch(`/api/children/maya/caregivers/${viewer.user.id}`).send({ canEdit: true }), 400],
      ['access: a non-UUID user', () => owner.agent.patch(`/api/children/${maya}/caregivers/viewer`).send({ canEdit: true }), 400, 'userId'],
      ['access: a user without access is not granted any', () => owner.agent.patch(`/api/children/${maya}/caregivers/${otherFamily.user.id}`).send({ canEdit: true }), 404],
      ['access: the owner themself', () => owner.agent.patch(`/api/children/${maya}/caregivers/${owner.user.id}`).send({ canEdit: false }), 404],
      ['access: text for canEdit', () => owner.agent.patch(`/api/children/${maya}/caregivers/${viewer.user.id}`).send({ canEdit: 'true' }), 400, 'canEdit'],
      ['access: no canEdit', () => owner.agent.patch(`/api/children/${maya}/caregivers/${viewer.user.id}`).send({}), 400, 'canEdit'],
      ['remove: a user without access', () => owner.agent.delete(`/api/children/${maya}/caregivers/${randomUUID()}`), 404],
      ['remove: an unknown recipient', () => owner.agent.delete(`/api/children/${randomUUID()}/caregivers/${viewer.user.id}`), 404],
    ];
    const failures: string[] = [];
    for (const [label, call, status, field] of cases) {
      const res = await call();
      const fields = (res.body.errors ?? []).map((e) => e.field);
      if (res.status !== status || typeof res.body.message !== 'string' || (field && !fields.includes(field))) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(inbox.messages.some((m) => m.to.includes(email))).toBe(false);
  });

  it('deleting the inviter’s account revokes their invitations, removes them, and shreds the invitees’ addresses', async () => {
    const leaving = await t.signUp({ firstName: 'Leaving' });
    const child = (await leaving.agent.post('/api/children').send({ firstName: 'Kid', lastName: 'Gone' }).expect(201)).body.id;
    const invitee = await signUp('Invitee');
    const created = await invite(leaving.agent, { inviteeEmail: invitee.user.email, childIds: [child] }).expect(201);
    await leaving.agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    expect((await accept(invitee.agent, tokenOf(created.body.acceptUrl)).expect(404)).body.message).toBe(M.invalidLink);
    expect((await t.sql('SELECT * FROM caregiver_invitations WHERE primary_user_id = $1', [leaving.user.id])).rows).toEqual([]);
    const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(`care-team-${leaving.user.id}`);
    expect(stream.map((e) => e.type)).toEqual(['CaregiverInvited', 'CaregiverInvitationRevoked']);
    expect(stream[0].data).toMatchObject({ inviteeEmail: 'Erased', inviteeName: null });
  });

  it('accepting is throttled per user: the 21st attempt in an hour is a 429 with Retry-After', async () => {
    const guesser = await signUp('Guesser');
    for (let i = 0; i < 20; i++) await guesser.agent.post(`/api/caregiver-invitations/${'G'.repeat(42)}${i % 10}/accept`).set('X-Forwarded-For', '203.0.113.9').expect(404);
    const refused = await guesser.agent.post(`/api/caregiver-invitations/${'G'.repeat(43)}/accept`).set('X-Forwarded-For', '203.0.113.10').expect(429);
    expect(refused.body.message).toMatch(/^Too many invitation links were tried\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when the mail cannot be sent the invitation still stands and its link is in the answer to share by hand', async () => {
    await inbox.close();
    const created = await invite(owner.agent, { inviteeEmail: `unsent-${randomUUID()}@example.com`, childIds: [leo] }).expect(201);
    expect(created.body).toMatchObject({ status: 'pending', emailSent: false, acceptUrl: expect.stringMatching(LINK) });
  });
});
