import { DEFAULT_ESCALATION_POLICY, ESCALATION_LIMITS, NOTIFICATION_SETTINGS_MESSAGES as M, type EscalationPolicy, type NotificationPreferences } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { deciderSpec } from '../../../../test-support/decider-spec';
import type { NotificationSettingsEvent } from './notification-settings';
import { notificationSettingsDecider, type NotificationSettingsCommand } from './notification-settings.decide';

const userId = '0b0c9a52-1f7a-4d55-9a43-1d6a8e7c1a01';
const at = '2026-11-27T09:00:00.000Z';
const metadata = { actorId: userId, correlationId: 'c-1', occurredAt: at };
const spec = deciderSpec(notificationSettingsDecider);

const preferences = (input: unknown): NotificationSettingsCommand => ({ type: 'ChangeNotificationPreferences', data: { userId, input }, metadata });
const policy = (input: unknown, actorIsPrimary = true): NotificationSettingsCommand => ({ type: 'ChangeEscalationPolicy', data: { userId, input, actorIsPrimary }, metadata });

const quiet: NotificationPreferences = { emailOverdue: true, emailAchievements: false, pushReminders: true, quietHours: { start: '22:00', end: '07:00' } };
const preferencesChanged = (value: NotificationPreferences, changedAt = at): NotificationSettingsEvent => ({
  type: 'NotificationPreferencesChanged',
  data: { userId, preferences: value, changedAt },
});
const twoSteps: EscalationPolicy = {
  steps: [
    { afterMinutes: 5, notify: 'primary', channels: ['push', 'in_app'] },
    { afterMinutes: 30, notify: 'emergency_contacts', channels: ['email'] },
  ],
};
const policyChanged = (value: EscalationPolicy): NotificationSettingsEvent => ({ type: 'EscalationPolicyChanged', data: { userId, policy: value, changedAt: at } });

/** The field and message a refused command names. */
function refusal(command: NotificationSettingsCommand): { field: string; message: string } {
  try {
    notificationSettingsDecider.decide(command, notificationSettingsDecider.initialState());
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('NOTIFICATION_SETTINGS.INVALID');
    return (error as DomainError).errors![0];
  }
  throw new Error('expected a refusal');
}

describe('notification preferences (decider)', () => {
  it('records the whole new value; absent quiet hours mean off', () => {
    spec.given([]).when(preferences(quiet)).then([preferencesChanged(quiet)]);
    const { quietHours: _off, ...flags } = { ...quiet, emailAchievements: true, pushReminders: false };
    spec.given([preferencesChanged(quiet)]).when(preferences(flags)).then([preferencesChanged({ ...flags, quietHours: null })]);
  });

  it('unchanged input records nothing: the defaults before anything is stored, else the last value', () => {
    spec.given([]).when(preferences({ emailOverdue: true, emailAchievements: true, pushReminders: true, quietHours: null })).then([]);
    spec.given([preferencesChanged(quiet)]).when(preferences({ ...quiet, quietHours: { ...quiet.quietHours } })).then([]);
  });

  it.each([
    [{ ...quiet, emailOverdue: 'yes' }, 'emailOverdue', M.notBoolean('emailOverdue')],
    [{ ...quiet, emailAchievements: 1 }, 'emailAchievements', M.notBoolean('emailAchievements')],
    [{ ...quiet, pushReminders: null }, 'pushReminders', M.notBoolean('pushReminders')],
    [{ emailOverdue: true, emailAchievements: true }, 'pushReminders', M.notBoolean('pushReminders')],
    [{ ...quiet, quietHours: { start: '24:00', end: '07:00' } }, 'quietHours.start', M.quietHoursTime('start')],
    [{ ...quiet, quietHours: { start: '22:00', end: '7:00' } }, 'quietHours.end', M.quietHoursTime('end')],
    [{ ...quiet, quietHours: { start: '22:00' } }, 'quietHours.end', M.quietHoursTime('end')],
    [{ ...quiet, quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end', M.quietHoursSame],
    [{ ...quiet, quietHours: ['22:00', '07:00'] }, 'quietHours', M.quietHours],
    [{ ...quiet, quietHours: '22:00-07:00' }, 'quietHours', M.quietHours],
    [{ ...quiet, quietHours: { start: '22:00', end: '07:00', zone: 'UTC' } }, 'quietHours.zone', M.unknownProperty('quietHours.zone')],
    [{ ...quiet, smsReminders: true }, 'smsReminders', M.unknownProperty('smsReminders')],
    [[quiet], 'body', M.notObject],
    [null, 'body', M.notObject],
  ])('refuses %j (field %s)', (input, field, message) => {
    expect(refusal(preferences(input))).toEqual({ field, message });
  });
});

describe('escalation policy (decider)', () => {
  it('the primary caregiver records the whole new policy; the default again after a change is recorded too', () => {
    spec.given([]).when(policy(twoSteps)).then([policyChanged(twoSteps)]);
    spec.given([policyChanged(twoSteps)]).when(policy(DEFAULT_ESCALATION_POLICY)).then([policyChanged(DEFAULT_ESCALATION_POLICY)]);
  });

  it('unchanged input records nothing (the default before anything is stored)', () => {
    spec.given([]).when(policy(structuredClone(DEFAULT_ESCALATION_POLICY))).then([]);
    spec.given([policyChanged(twoSteps)]).when(policy(structuredClone(twoSteps))).then([]);
  });

  it('a secondary caregiver may not change it (403), whatever the input', () => {
    spec.given([]).when(policy(twoSteps, false)).thenThrows('NOTIFICATION_SETTINGS.PRIMARY_ONLY', M.primaryOnly);
    spec.given([]).when(policy({ steps: 'x' }, false)).thenThrows('NOTIFICATION_SETTINGS.PRIMARY_ONLY');
  });

  it(`accepts ${ESCALATION_LIMITS.maxSteps} steps up to ${ESCALATION_LIMITS.maxAfterMinutes} minutes`, () => {
    const steps = Array.from({ length: ESCALATION_LIMITS.maxSteps }, (_, i) => ({
      afterMinutes: ESCALATION_LIMITS.maxAfterMinutes - (ESCALATION_LIMITS.maxSteps - 1 - i),
      notify: 'secondary_caregivers',
      channels: ['in_app'],
    }));
    spec.given([]).when(policy({ steps })).then([policyChanged({ steps } as EscalationPolicy)]);
  });

  const step = (afterMinutes: unknown, notify: unknown = 'primary', channels: unknown = ['push']) => ({ afterMinutes, notify, channels });
  it.each([
    [{ steps: [] }, 'steps', M.steps],
    [{ steps: Array.from({ length: ESCALATION_LIMITS.maxSteps + 1 }, (_, i) => step(i)) }, 'steps', M.steps],
    [{ steps: { 0: step(0) } }, 'steps', M.steps],
    [{}, 'steps', M.steps],
    [{ steps: [step(2 ** 31)] }, 'steps.0.afterMinutes', M.afterMinutes],
    [{ steps: [step(ESCALATION_LIMITS.maxAfterMinutes + 1)] }, 'steps.0.afterMinutes', M.afterMinutes],
    [{ steps: [step(-1)] }, 'steps.0.afterMinutes', M.afterMinutes],
    [{ steps: [step(1.5)] }, 'steps.0.afterMinutes', M.afterMinutes],
    [{ steps: [step('15')] }, 'steps.0.afterMinutes', M.afterMinutes],
    [{ steps: [step(15), step(15)] }, 'steps.1.afterMinutes', M.increasing],
    [{ steps: [step(30), step(15)] }, 'steps.1.afterMinutes', M.increasing],
    [{ steps: [step(0, 'neighbours')] }, 'steps.0.notify', M.notify],
    [{ steps: [step(0, 'primary', [])] }, 'steps.0.channels', M.channels],
    [{ steps: [step(0, 'primary', ['sms'])] }, 'steps.0.channels', M.channels],
    [{ steps: [step(0, 'primary', ['push', 'push'])] }, 'steps.0.channels', M.channels],
    [{ steps: [step(0, 'primary', 'push')] }, 'steps.0.channels', M.channels],
    [{ steps: [step(0, 'emergency_contacts', ['push'])] }, 'steps.0.channels', M.emergencyByEmail],
    [{ steps: [step(0, 'emergency_contacts', ['email', 'in_app'])] }, 'steps.0.channels', M.emergencyByEmail],
    [{ steps: [['0', 'primary', ['push']]] }, 'steps.0', M.step],
    [{ steps: [{ ...step(0), sms: true }] }, 'steps.0.sms', M.unknownProperty('steps.0.sms')],
    [{ steps: [step(0)], owner: 'someone' }, 'owner', M.unknownProperty('owner')],
    [[step(0)], 'body', M.notObject],
  ])('refuses %j (field %s)', (input, field, message) => {
    expect(refusal(policy(input))).toEqual({ field, message });
  });
});
