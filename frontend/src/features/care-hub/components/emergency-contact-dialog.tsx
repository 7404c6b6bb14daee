import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  CONTACT_TYPE_LABELS,
  RELATIONSHIP_GROUPS,
  type CareHubFamily,
  type ContactType,
  type EmergencyContact,
  type EmergencyContactInput,
  type Relationship,
} from '@carecircle/libs';
import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useAddEmergencyContactMutation, useUpdateEmergencyContactMutation } from '../api';
import { saveEntry } from '../directory-feedback';
import { familyLabel } from '../families';
import { EMAIL_RULE, optionalText } from '../form-values';
import { displayPhone, PHONE_RULE, storedPhone } from '../phone';
import { CONTACT_TEXTS } from '../texts';

/** What a quick-add button fills in (spec document 3, section 2). */
export interface ContactPreset {
  contactType: ContactType;
  relationship: Relationship | '';
}

interface Props {
  open: boolean;
  /** The contact to edit; absent to add one with `preset`. */
  contact?: EmergencyContact;
  preset?: ContactPreset;
  /** The families the user may add to; a choice is offered when there is more than one. */
  families: CareHubFamily[];
  onClose: () => void;
}

interface FormValues {
  name: string;
  phoneNumber: string;
  relationship: Relationship | '';
  contactType: ContactType;
  isPrimary: boolean;
  notes: string;
  email: string;
  familyId?: string;
}

const FIELDS: readonly string[] = ['name', 'phoneNumber', 'relationship', 'contactType', 'isPrimary', 'notes', 'email', 'familyId'];
/** Spec section 9: family, emergency, childcare, other. */
const CONTACT_TYPE_ORDER: ContactType[] = ['family', 'emergency', 'childcare', 'other'];

export function EmergencyContactDialog({ open, contact, preset, families, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={contact ? 'Edit Emergency Contact' : 'Add Emergency Contact'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <ContactForm contact={contact} preset={preset} families={families} onClose={onClose} />
    </Modal>
  );
}

function ContactForm({ contact, preset, families, onClose }: Omit<Props, 'open'>) {
  const [form] = Form.useForm<FormValues>();
  const [addContact, addState] = useAddEmergencyContactMutation();
  const [updateContact, updateState] = useUpdateEmergencyContactMutation();
  const [reason, setReason] = useState<string>();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = contact !== undefined;
  const chooseFamily = !editing && families.length > 1;

  const submit = async (values: FormValues) => {
    const input: EmergencyContactInput = {
      name: values.name.trim(),
      phoneNumber: storedPhone(values.phoneNumber) ?? values.phoneNumber.trim(),
      relationship: values.relationship || null,
      contactType: values.contactType,
      isPrimary: values.isPrimary,
      notes: values.notes.trim() || null,
      email: optionalText(values.email),
      // The list it goes on, said rather than left to the server's default (the one family offered, or the one chosen).
      ...(!editing && { familyId: (chooseFamily && values.familyId) || families[0]?.familyId }),
    };
    const saved = await saveEntry({
      run: () => (editing ? updateContact({ id: contact.id, input }).unwrap() : addContact(input).unwrap()),
      editing,
      texts: CONTACT_TEXTS,
      form,
      fields: FIELDS,
      onReason: setReason,
    });
    if (saved) onClose();
  };

  return (
    <Form<FormValues>
      form={form}
      name={editing ? `edit-contact-${contact.id}` : 'add-contact'}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{
        name: contact?.name ?? '',
        phoneNumber: contact ? displayPhone(contact.phoneNumber) : '',
        relationship: contact ? (contact.relationship ?? '') : (preset?.relationship ?? ''),
        contactType: contact?.contactType ?? preset?.contactType ?? CARE_HUB_DEFAULTS.contactType,
        isPrimary: contact?.isPrimary ?? false,
        notes: contact?.notes ?? '',
        email: contact?.email ?? '',
        familyId: families[0]?.familyId,
      }}
    >
      {chooseFamily && (
        <Form.Item label="Family" name="familyId">
          <select className="native-select" disabled={pending}>
            {families.map((family) => (
              <option key={family.familyId} value={family.familyId}>
                {familyLabel(family)}
              </option>
            ))}
          </select>
        </Form.Item>
      )}
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: CARE_HUB_TEXT.contactRequiredName }]}>
        <Input placeholder="Full name" autoComplete="off" maxLength={CARE_HUB_MAX.name} />
      </Form.Item>
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
      <Form.Item label="Contact Type" name="contactType">
        <select className="native-select" disabled={pending}>
          {CONTACT_TYPE_ORDER.map((type) => (
            <option key={type} value={type}>
              {CONTACT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Contact Priority" name="isPrimary">
        <Radio.Group aria-label="Contact Priority" className="care-hub-radios">
          <Radio value={true}>Primary Contact: call first in emergencies</Radio>
          <Radio value={false}>Secondary Contact: backup</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="Email (for urgent alerts)" name="email" validateTrigger="onBlur" rules={[EMAIL_RULE]}>
        <Input type="email" autoComplete="off" maxLength={CARE_HUB_MAX.email} />
      </Form.Item>
      <Form.Item label="Notes (optional)" name="notes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={CARE_HUB_MAX.notes} />
      </Form.Item>
      {reason && <Alert className="care-hub-dialog__reason" type="error" showIcon title={reason} />}
      <div className="dialog-actions">
        <Button size="large" onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button size="large" type="primary" htmlType="submit" loading={pending}>
          {pending ? 'Saving...' : 'Save Contact'}
        </Button>
      </div>
    </Form>
  );
}
