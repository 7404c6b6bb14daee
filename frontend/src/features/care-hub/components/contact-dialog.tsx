import type { CareHubFamily } from '@carecircle/libs';
import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useAddContactMutation, useUpdateContactMutation, type ContactEntries, type ContactKind, type ContactList } from '../api';
import { CONTACT_FORMS, formFields, initialValues, toInput, type ContactFormValues, type ContactPreset } from '../contact-forms';
import { saveEntry } from '../directory-feedback';
import { CONTACT_TEXTS } from '../texts';
import { ContactFields } from './contact-fields';

interface Props<K extends ContactKind> {
  open: boolean;
  /** Where a new entry goes (emergency contacts: the family chosen in the dialog). */
  list: ContactList & { kind: K };
  /** The entry to edit; absent to add one (an emergency contact with `preset`). */
  entry?: ContactEntries[K];
  preset?: ContactPreset;
  /** Emergency contacts: the families the user may add to; a choice is offered when there is more than one. */
  families?: CareHubFamily[];
  onClose: () => void;
}

/** The add and edit dialog of every kind: its fields are the kind's (ContactFields), the rest is one. */
export function ContactDialog<K extends ContactKind>(props: Props<K>) {
  const { open, list, entry, onClose } = props;
  const title = `${entry ? 'Edit' : 'Add'} ${CONTACT_FORMS[list.kind].title}`;
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      <ContactForm {...props} />
    </Modal>
  );
}

function ContactForm<K extends ContactKind>({ list, entry, preset, families = [], onClose }: Props<K>) {
  const kind: ContactKind = list.kind;
  const definition = CONTACT_FORMS[kind];
  const [form] = Form.useForm<ContactFormValues>();
  const [addContact, addState] = useAddContactMutation();
  const [updateContact, updateState] = useUpdateContactMutation();
  const [reason, setReason] = useState<string>();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = entry !== undefined;
  const offered = editing ? [] : families;

  const submit = async (values: ContactFormValues) => {
    const input = {
      ...toInput(kind, values),
      // The family a contact goes on, said rather than left to the server's default (the one family offered, or the one chosen).
      ...(kind === 'emergencyContact' && !editing && { familyId: (offered.length > 1 && (values.familyId as string)) || families[0]?.familyId }),
    };
    const saved = await saveEntry({
      run: () => (editing ? updateContact({ list, id: entry.id, input }).unwrap() : addContact({ list, input }).unwrap()),
      editing,
      texts: CONTACT_TEXTS[kind],
      form,
      fields: formFields(kind),
      onReason: setReason,
    });
    if (saved) onClose();
  };

  return (
    <Form<ContactFormValues>
      form={form}
      name={editing ? `edit-${definition.name}-${entry.id}` : `add-${definition.name}`}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{ ...initialValues(kind, entry, preset), ...(kind === 'emergencyContact' && { familyId: families[0]?.familyId }) }}
    >
      <ContactFields kind={kind} pending={pending} families={offered} />
      {reason && <Alert className="care-hub-dialog__reason" type="error" showIcon title={reason} />}
      <div className="dialog-actions">
        <Button size="large" onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button size="large" type="primary" htmlType="submit" loading={pending}>
          {pending ? 'Saving...' : definition.save}
        </Button>
      </div>
    </Form>
  );
}
