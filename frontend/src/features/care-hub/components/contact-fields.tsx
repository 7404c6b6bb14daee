import {
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  CONTACT_TYPE_LABELS,
  RELATIONSHIP_GROUPS,
  SPECIALTIES,
  SPECIALTY_LABELS,
  SUPPORT_ROLE_LABELS,
  SUPPORT_ROLES,
  type CareHubFamily,
  type ContactType,
} from '@carecircle/libs';
import { Checkbox, Form, Input, Radio } from 'antd';
import type { ContactKind } from '../api';
import { familyLabel } from '../families';
import { EMAIL_RULE, OPTIONAL_PHONE_RULES } from '../form-values';
import { PHONE_RULE } from '../phone';

/** Spec section 9: family, emergency, childcare, other. */
const CONTACT_TYPE_ORDER: ContactType[] = ['family', 'emergency', 'childcare', 'other'];

interface Props {
  kind: ContactKind;
  pending: boolean;
  /** Emergency contacts: the families a new contact may go to, offered when there is more than one. */
  families?: CareHubFamily[];
}

/** The fields of each kind's dialog, in the spec's order. */
export function ContactFields({ kind, pending, families = [] }: Props) {
  switch (kind) {
    case 'emergencyContact':
      return (
        <>
          {families.length > 1 && <Choice label="Family" name="familyId" pending={pending} options={families.map((f) => [f.familyId, familyLabel(f)])} />}
          <NameField label="Name" message={CARE_HUB_TEXT.contactRequiredName} placeholder="Full name" />
          <Form.Item
            label="Phone Number"
            name="phoneNumber"
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: CARE_HUB_TEXT.contactRequiredPhone }, PHONE_RULE]}
          >
            <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CARE_HUB_MAX.phone} />
          </Form.Item>
          <Form.Item label="Relationship" name="relationship">
            <select className="native-select" disabled={pending}>
              <option value="">Select relationship</option>
              {RELATIONSHIP_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Form.Item>
          <Choice label="Contact Type" name="contactType" pending={pending} options={CONTACT_TYPE_ORDER.map((type) => [type, CONTACT_TYPE_LABELS[type]])} />
          <Form.Item label="Contact Priority" name="isPrimary">
            <Radio.Group aria-label="Contact Priority" className="care-hub-radios">
              <Radio value={true}>Primary Contact: call first in emergencies</Radio>
              <Radio value={false}>Secondary Contact: backup</Radio>
            </Radio.Group>
          </Form.Item>
          <EmailField label="Email (for urgent alerts)" />
          <NotesField />
        </>
      );
    case 'doctor':
      return (
        <>
          <NameField label="Doctor Name" message={CARE_HUB_TEXT.doctorRequiredName} />
          <Choice label="Specialty" name="specialty" pending={pending} options={SPECIALTIES.map((s) => [s, SPECIALTY_LABELS[s]])} />
          <Form.Item name="isPrimary" valuePropName="checked">
            <Checkbox>Primary care doctor</Checkbox>
          </Form.Item>
          <OptionalPhoneField />
          <EmailField label="Email (optional)" />
          <Form.Item label="Address (optional)" name="address">
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={CARE_HUB_MAX.address} />
          </Form.Item>
          <NotesField />
        </>
      );
    case 'familySupport':
      return (
        <>
          <NameField label="Name" message={CARE_HUB_TEXT.supportRequiredName} />
          <Choice label="Role" name="role" pending={pending} options={SUPPORT_ROLES.map((role) => [role, SUPPORT_ROLE_LABELS[role]])} />
          <Form.Item label="Organization (optional)" name="organization">
            <Input autoComplete="off" maxLength={CARE_HUB_MAX.organization} />
          </Form.Item>
          <OptionalPhoneField />
          <EmailField label="Email (optional)" />
          <NotesField />
        </>
      );
  }
}

function NameField({ label, message, placeholder }: { label: string; message: string; placeholder?: string }) {
  return (
    <Form.Item label={label} name="name" rules={[{ required: true, whitespace: true, message }]}>
      <Input placeholder={placeholder} autoComplete="off" maxLength={CARE_HUB_MAX.name} />
    </Form.Item>
  );
}

/** A choice from a list, as a native select (reliable on phones). */
function Choice({ label, name, pending, options }: { label: string; name: string; pending: boolean; options: (readonly [string, string])[] }) {
  return (
    <Form.Item label={label} name={name}>
      <select className="native-select" disabled={pending}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Form.Item>
  );
}

function OptionalPhoneField() {
  return (
    <Form.Item label="Phone (optional)" name="phoneNumber" validateTrigger="onBlur" rules={OPTIONAL_PHONE_RULES}>
      <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CARE_HUB_MAX.phone} />
    </Form.Item>
  );
}

function EmailField({ label }: { label: string }) {
  return (
    <Form.Item label={label} name="email" validateTrigger="onBlur" rules={[EMAIL_RULE]}>
      <Input type="email" autoComplete="off" maxLength={CARE_HUB_MAX.email} />
    </Form.Item>
  );
}

function NotesField() {
  return (
    <Form.Item label="Notes (optional)" name="notes">
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={CARE_HUB_MAX.notes} />
    </Form.Item>
  );
}
