import { CARE_HUB_MAX, readPhone } from '@carecircle/libs';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { DraftList } from './draft-fields';
import { CONTACT_RELATIONSHIPS, contactsComplete, draftKey, ONBOARDING_MESSAGES, type ContactDraft, type ContactRelationship } from '../onboarding-draft';

interface Props {
  contacts: ContactDraft[];
  onChange: (contacts: ContactDraft[]) => void;
}

const blank = (): ContactDraft => ({ key: '', name: '', phone: '', relationship: 'family', isPrimary: false });
const relationshipLabel = (value: ContactRelationship) => CONTACT_RELATIONSHIPS.find((option) => option.value === value)!.label;

/** Step 5: who to call. The two hotlines are listed and kept; Next needs one more contact. */
export function ContactsStep({ contacts, onChange }: Props) {
  const [form, setForm] = useState<ContactDraft>(blank);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const set = (changes: Partial<ContactDraft>) => setForm((current) => ({ ...current, ...changes }));

  const add = () => {
    if (form.name.trim() === '' || form.phone.trim() === '') return toast({ ...ONBOARDING_MESSAGES.contact, variant: 'destructive' });
    // The Care Hub's own reading: "911" gets the reason (emergency numbers are not a person's).
    const phone = readPhone(form.phone);
    if (!phone.ok) return setPhoneError(phone.message);
    onChange([...contacts, { ...form, key: draftKey('contact') }]);
    setForm(blank());
    setPhoneError(null);
  };

  return (
    <div>
      <DraftList
        label="Emergency contacts"
        items={contacts}
        describe={(contact) => (
          <>
            <strong>{contact.name}</strong> · {contact.phone}
            {!contact.fixed && ` · ${relationshipLabel(contact.relationship)}`}
            {contact.isPrimary ? ' · Primary' : ''}
          </>
        )}
        removable={(contact) => !contact.fixed}
        onChange={onChange}
      />
      {!contactsComplete(contacts) && <Alert type="warning" showIcon message={ONBOARDING_MESSAGES.contactsWarning} />}
      <Form layout="vertical" component="div" className="onboarding-contact-form">
        <Form.Item label="Name" htmlFor="onboarding-contact-name">
          <Input id="onboarding-contact-name" autoComplete="off" maxLength={CARE_HUB_MAX.name} value={form.name} onChange={(e) => set({ name: e.target.value })} />
        </Form.Item>
        <Form.Item label="Phone" htmlFor="onboarding-contact-phone" validateStatus={phoneError ? 'error' : undefined} help={phoneError ?? undefined}>
          <Input
            id="onboarding-contact-phone"
            type="tel"
            autoComplete="off"
            maxLength={CARE_HUB_MAX.phone}
            value={form.phone}
            onChange={(e) => {
              set({ phone: e.target.value });
              setPhoneError(null);
            }}
          />
        </Form.Item>
        <Form.Item label="Relationship" htmlFor="onboarding-contact-relationship">
          <select id="onboarding-contact-relationship" className="native-select" value={form.relationship} onChange={(e) => set({ relationship: e.target.value as ContactRelationship })}>
            {CONTACT_RELATIONSHIPS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Form.Item>
        <Checkbox checked={form.isPrimary} onChange={(e) => set({ isPrimary: e.target.checked })}>
          Primary contact: call first in emergencies
        </Checkbox>
        <div>
          <Button onClick={add}>Add Contact</Button>
        </div>
      </Form>
    </div>
  );
}
