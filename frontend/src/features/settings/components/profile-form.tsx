import { TEXT_MAX, type User } from '@carecircle/libs';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { RequiredTextItem } from '../../../shared/ui/form-fields';
import { useSaveProfile } from '../hooks/use-save-profile';
import { PROFILE_FIELDS, profileChanges, profileValuesOf, timezoneChoices, type ProfileValues } from '../profile-values';

/**
 * The Profile tab's form (spec document 1, section 2): First Name, Last Name, the email (read-only)
 * and the Timezone. Update Profile waits until something differs from what is stored.
 */
export function ProfileForm({ user }: { user: User }) {
  const [form] = Form.useForm<ProfileValues>();
  const stored = profileValuesOf(user);
  const { save, saving } = useSaveProfile(form, stored);
  useFollowStored(form, stored);

  const draft: ProfileValues = {
    firstName: Form.useWatch('firstName', form) ?? stored.firstName,
    lastName: Form.useWatch('lastName', form) ?? stored.lastName,
    timezone: Form.useWatch('timezone', form) ?? stored.timezone,
  };
  const { namesChanged, zoneChanged } = profileChanges(stored, draft);

  return (
    <Form<ProfileValues> form={form} name="settings-profile" layout="vertical" requiredMark={false} initialValues={stored} onFinish={save} disabled={saving}>
      <div className="form-row">
        <RequiredTextItem label="First Name" name="firstName" message="First name is required">
          <Input autoComplete="given-name" maxLength={TEXT_MAX.personName} />
        </RequiredTextItem>
        <RequiredTextItem label="Last Name" name="lastName" message="Last name is required">
          <Input autoComplete="family-name" maxLength={TEXT_MAX.personName} />
        </RequiredTextItem>
      </div>
      <Form.Item label="Email" htmlFor="settings-profile_email">
        <Input id="settings-profile_email" value={user.email} type="email" disabled readOnly />
      </Form.Item>
      <Form.Item label="Timezone" name="timezone" extra="Affects when your daily tasks are scheduled and displayed.">
        <select className="native-select">
          {timezoneChoices(stored.timezone).map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} disabled={saving || (!namesChanged && !zoneChanged)}>
        {saving ? 'Saving...' : 'Update Profile'}
      </Button>
    </Form>
  );
}

/**
 * When the stored profile changes under the form (a save's refetch, the timezone sync), each field
 * the caregiver has not changed follows it; a field they changed keeps their draft.
 */
function useFollowStored(form: FormInstance<ProfileValues>, stored: ProfileValues) {
  const previous = useRef(stored);
  const { firstName, lastName, timezone } = stored;
  useEffect(() => {
    const next = { firstName, lastName, timezone };
    const before = previous.current;
    previous.current = next;
    const follow = PROFILE_FIELDS.filter((name) => before[name] !== next[name] && form.getFieldValue(name) === before[name]);
    if (follow.length > 0) form.setFields(follow.map((name) => ({ name, value: next[name], touched: false })));
  }, [form, firstName, lastName, timezone]);
}
