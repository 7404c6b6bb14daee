import { CARE_UPDATE_LIMITS, CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, VALIDATION_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CareUpdateEvent } from './care-updates';
import { careUpdatesDecider, type CareUpdateCommand } from './care-updates.decide';

const at = '2026-11-25T08:00:00.000Z';
const later = '2026-11-25T09:00:00.000Z';
const spec = deciderSpec(careUpdatesDecider);
const childId = '00000000-0000-4000-8000-000000000001';
const [author, primary, other] = ['author', 'primary', 'other'];
const metadata = (actorId: string | null, occurredAt = at) => ({ actorId, correlationId: 'c1', occurredAt });

const posted = (updateId = 'u-1', overrides: Partial<{ authorId: string; text: string; imageUrl: string | null; important: boolean; postedAt: string }> = {}): CareUpdateEvent => ({
  type: 'CareUpdatePosted',
  data: { childId, updateId, authorId: author, text: 'Good day at school', imageUrl: null, important: false, postedAt: at, ...overrides },
});
const removed = (updateId = 'u-1', removedBy = author): CareUpdateEvent => ({ type: 'CareUpdateRemoved', data: { childId, updateId, authorId: author, removedBy, removedAt: later } });

const post = (input: object, { updateId = 'u-1', actor = author as string | null, occurredAt = at } = {}): CareUpdateCommand => ({
  type: 'PostCareUpdate',
  childId,
  data: { updateId, input: input as never },
  metadata: metadata(actor, occurredAt),
});
const edit = (input: object, actor: string, actorIsPrimary = false, updateId = 'u-1'): CareUpdateCommand => ({
  type: 'EditCareUpdate',
  childId,
  data: { updateId, input: input as never, actorIsPrimary },
  metadata: metadata(actor, later),
});
const remove = (actor: string, actorIsPrimary = false, updateId = 'u-1'): CareUpdateCommand => ({
  type: 'RemoveCareUpdate',
  childId,
  data: { updateId, actorIsPrimary },
  metadata: metadata(actor, later),
});

describe('care updates decider', () => {
  describe('post', () => {
    it('posts the text trimmed; no photo and not important by default', () => {
      spec.given([]).when(post({ text: '  Good day at school \n' })).then([posted()]);
    });

    it('keeps a photo link (https or an upload path) and the important flag', () => {
      const upload = '/api/uploads/0f0e0d0c-0b0a-4908-8706-050403020100.jpg';
      spec.given([]).when(post({ text: 'Seizure at 3 pm', imageUrl: ` ${upload} `, important: true })).then([posted('u-1', { text: 'Seizure at 3 pm', imageUrl: upload, important: true })]);
      spec.given([]).when(post({ text: 'x', imageUrl: 'https://example.com/p.png' })).then([posted('u-1', { text: 'x', imageUrl: 'https://example.com/p.png' })]);
      spec.given([]).when(post({ text: 'x', imageUrl: '  ' })).then([posted('u-1', { text: 'x' })]);
    });

    it.each([
      ['no text', {}, 'text', CARE_UPDATE_TEXT.textRequired],
      ['blank text', { text: '   ' }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['a number for text', { text: 42 }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['a NUL', { text: 'a\u0000b' }, 'text', `text ${VALIDATION_MESSAGES.unsafeText}`],
      ['2001 characters', { text: 'x'.repeat(CARE_UPDATE_MAX_TEXT + 1) }, 'text', CARE_UPDATE_TEXT.tooLong],
      ['an http link', { text: 'ok', imageUrl: 'http://example.com/p.png' }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['a javascript: link', { text: 'ok', imageUrl: 'javascript:alert(1)' }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['a number for the link', { text: 'ok', imageUrl: 7 }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['text for the flag', { text: 'ok', important: 'yes' }, 'important', 'important must be true or false'],
    ])('refuses %s: a 400 naming %s', (_label, input, field, message) => {
      spec.given([]).when(post(input)).thenThrows('CARE_UPDATES.INVALID', message);
      expect(() => careUpdatesDecider.decide(post(input), careUpdatesDecider.initialState())).toThrow(expect.objectContaining({ errors: [{ field, message }] }));
    });

    it('2000 characters once trimmed are accepted', () => {
      const text = 'x'.repeat(CARE_UPDATE_MAX_TEXT);
      spec.given([]).when(post({ text: ` ${text} ` })).then([posted('u-1', { text })]);
    });

    it('the same update id again records nothing (a retried request)', () => {
      spec.given([posted()]).when(post({ text: 'Good day at school' })).then([]);
    });

    it(`at most ${CARE_UPDATE_LIMITS.perAuthorPerDay} posts per author in any 24 hours; removed ones count; other authors and older posts do not`, () => {
      const day = Array.from({ length: CARE_UPDATE_LIMITS.perAuthorPerDay }, (_, i) => posted(`u-${i}`, { postedAt: '2026-11-24T08:00:00.001Z' }));
      const full = [...day.slice(0, -1), removed('u-0'), day[day.length - 1]];
      spec.given(full).when(post({ text: 'one more' }, { updateId: 'new' })).thenThrows('CARE_UPDATES.DAILY_LIMIT', CARE_UPDATE_TEXT.dailyLimit);
      spec.given(full).when(post({ text: 'mine' }, { updateId: 'new', actor: other })).then([posted('new', { authorId: other, text: 'mine' })]);
      // 24 hours after the oldest of them, there is room again.
      spec.given(full).when(post({ text: 'next day' }, { updateId: 'new', occurredAt: '2026-11-25T08:00:00.001Z' })).then([posted('new', { text: 'next day', postedAt: '2026-11-25T08:00:00.001Z' })]);
    });

    it('needs an actor', () => {
      spec.given([]).when(post({ text: 'x' }, { actor: null })).thenThrows('CARE_UPDATES.FORBIDDEN');
    });
  });

  describe('edit', () => {
    const edited = (editedBy: string, overrides: object = {}): CareUpdateEvent => ({
      type: 'CareUpdateEdited',
      data: { childId, updateId: 'u-1', authorId: author, text: 'Better day', imageUrl: null, important: true, editedBy, editedAt: later, ...overrides },
    });

    it('the author or the primary caregiver edits (a full replace); the event names both', () => {
      spec.given([posted()]).when(edit({ text: ' Better day ', important: true }, author)).then([edited(author)]);
      spec.given([posted()]).when(edit({ text: 'Better day', important: true }, primary, true)).then([edited(primary)]);
      spec.given([posted('u-1', { imageUrl: 'https://example.com/p.png' })]).when(edit({ text: 'Better day', important: true }, author)).then([edited(author)]);
    });

    it('anyone else who sees the recipient is refused (403)', () => {
      spec.given([posted()]).when(edit({ text: 'Mine now' }, other)).thenThrows('CARE_UPDATES.FORBIDDEN', CARE_UPDATE_TEXT.notYours);
    });

    it('an unknown or removed update is not found, before anything else', () => {
      for (const given of [[], [posted(), removed()], [posted('u-2')]]) {
        spec.given(given).when(edit({ text: 'x' }, author)).thenThrows('CARE_UPDATES.NOT_FOUND', CARE_UPDATE_TEXT.notFound);
        spec.given(given).when(edit({ text: '' }, other)).thenThrows('CARE_UPDATES.NOT_FOUND');
      }
    });

    it(`at most ${CARE_UPDATE_LIMITS.editsPerUpdate} edits of one update (400 naming it); an unchanged one is not counted`, () => {
      const edits = (n: number) => Array.from({ length: n }, (_, i) => edited(author, { text: `Version ${i + 1}` }));
      const max = CARE_UPDATE_LIMITS.editsPerUpdate;
      spec.given([posted(), ...edits(max - 1)]).when(edit({ text: 'Last one', important: true }, author)).then([edited(author, { text: 'Last one' })]);
      spec.given([posted(), ...edits(max)]).when(edit({ text: 'One more', important: true }, primary, true)).thenThrows('CARE_UPDATES.EDIT_LIMIT', CARE_UPDATE_TEXT.editLimit);
      spec.given([posted(), ...edits(max)]).when(edit({ text: `Version ${max}`, important: true }, author)).then([]);
    });

    it('nothing changed records nothing; bad input is a 400', () => {
      spec.given([posted()]).when(edit({ text: ' Good day at school ', important: false }, author)).then([]);
      spec.given([posted()]).when(edit({ text: ' ' }, author)).thenThrows('CARE_UPDATES.INVALID', CARE_UPDATE_TEXT.textRequired);
    });
  });

  describe('remove', () => {
    it('the author or the primary caregiver removes; a second removal is not found', () => {
      spec.given([posted()]).when(remove(author)).then([removed()]);
      spec.given([posted()]).when(remove(primary, true)).then([removed('u-1', primary)]);
      spec.given([posted(), removed()]).when(remove(author)).thenThrows('CARE_UPDATES.NOT_FOUND');
      spec.given([]).when(remove(primary, true)).thenThrows('CARE_UPDATES.NOT_FOUND');
    });

    it('anyone else is refused (403)', () => {
      spec.given([posted()]).when(remove(other)).thenThrows('CARE_UPDATES.FORBIDDEN', CARE_UPDATE_TEXT.notYours);
    });
  });

  it('replaying the stream twice gives the same state', () => {
    const events = [posted(), posted('u-2', { authorId: other }), removed('u-2', other)];
    const fold = () => events.reduce(careUpdatesDecider.evolve, careUpdatesDecider.initialState());
    expect(fold()).toEqual(fold());
    expect(fold().updates['u-2'].removed).toBe(true);
  });
});
