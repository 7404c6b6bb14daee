import type { TaskTemplate } from '@carecircle/libs';
import { occurrenceTaskId, occurrencesOn, uuidv5 } from './occurrence-ids';

describe('occurrence task ids', () => {
  it('are RFC 9562 version-5 UUIDs (checked against the RFC test vector)', () => {
    // RFC 9562 appendix A.4: name "www.example.com" in the DNS namespace.
    expect(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are the same for the same template, date and time, and differ otherwise', () => {
    const id = occurrenceTaskId('tpl-1', '2026-11-21', '08:00');
    expect(id).toBe(occurrenceTaskId('tpl-1', '2026-11-21', '08:00'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([id, occurrenceTaskId('tpl-1', '2026-11-22', '08:00'), occurrenceTaskId('tpl-1', '2026-11-21', '20:00'), occurrenceTaskId('tpl-2', '2026-11-21', '08:00')]).size).toBe(4);
  });

  const template = (change: Partial<TaskTemplate> = {}): TaskTemplate => ({
    id: 'tpl', childId: 'child', name: 'Tylenol', templateName: null, category: 'medication', description: '5 ml', medicationId: null,
    isUrgent: false, priority: 'medium', estimatedDuration: null, imageUrl: null, isRepeating: true, isTemplate: false, isActive: true,
    repeatPattern: 'daily', repeatInterval: 1, repeatStartDate: '2026-11-20' /* a Friday */, repeatEndDate: null,
    daysOfWeek: ['saturday'], scheduledTimes: ['08:00', '20:00'], timeNotes: {}, createdAt: '2026-11-20T08:00:00.000Z',
    isPaused: false, effectiveFrom: null, earlierVersions: [], ...change,
  });

  it('occurrencesOn gives one per time on an occurring day, none otherwise', () => {
    const t = template();
    expect(occurrencesOn(t, '2026-11-21').map((o) => [o.time, o.taskId])).toEqual([
      ['08:00', occurrenceTaskId('tpl', '2026-11-21', '08:00')],
      ['20:00', occurrenceTaskId('tpl', '2026-11-21', '20:00')],
    ]);
    expect(occurrencesOn(t, '2026-11-20')).toEqual([]);
    expect(occurrencesOn(template({ isPaused: true }), '2026-11-21')).toEqual([]);
    expect(occurrencesOn(template({ isActive: false }), '2026-11-21')).toEqual([]);
  });

  it('follows the version in force on the date: the newest from effectiveFrom, the earlier one before it', () => {
    const { id: _i, childId: _c, isActive: _a, createdAt: _t, isPaused: _p, effectiveFrom: _e, earlierVersions: _v, ...original } = template();
    const changed = template({ scheduledTimes: ['09:00'], description: '7.5 ml', daysOfWeek: ['saturday', 'sunday'], effectiveFrom: '2026-11-28', earlierVersions: [{ from: null, details: original }] });
    expect(occurrencesOn(changed, '2026-11-21').map((o) => [o.time, o.template.description])).toEqual([['08:00', '5 ml'], ['20:00', '5 ml']]);
    expect(occurrencesOn(changed, '2026-11-22')).toEqual([]);
    expect(occurrencesOn(changed, '2026-11-28').map((o) => [o.time, o.template.description])).toEqual([['09:00', '7.5 ml']]);
    expect(occurrencesOn(changed, '2026-11-29').map((o) => o.time)).toEqual(['09:00']);
  });
});
