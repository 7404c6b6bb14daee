import {
  MEDICATION_DOSAGE_REQUIRED,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STRENGTH_MAX,
  type Medication,
  type MedicationInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { fieldErrors, isSessionExpired } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useAddMedicationMutation, useUpdateMedicationMutation } from '../api';
import { MedicationStockFields, STOCK_FIELDS, stockInitialValues, stockInput, type StockFormValues } from './medication-stock-fields';
import { PhotoField } from './photo-field';

interface Props {
  open: boolean;
  childId: string;
  /** The medication to edit; absent to add one. */
  medication?: Medication;
  onClose: () => void;
}

interface FormValues extends StockFormValues {
  name: string;
  dosage: string;
  strength?: string;
  instructions?: string;
}

const FIELDS: (keyof FormValues)[] = ['name', 'dosage', 'strength', 'instructions', ...STOCK_FIELDS];

export function MedicationFormDialog({ open, childId, medication, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={medication ? 'Edit Medication' : 'Add Medication'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <MedicationForm childId={childId} medication={medication} onClose={onClose} />
    </Modal>
  );
}

function MedicationForm({ childId, medication, onClose }: Omit<Props, 'open'>) {
  const [form] = Form.useForm<FormValues>();
  const [addMedication, addState] = useAddMedicationMutation();
  const [updateMedication, updateState] = useUpdateMedicationMutation();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = medication !== undefined;
  const [photoUrl, setPhotoUrl] = useState<string | null>(medication?.photoUrl ?? null);
  const [uploading, setUploading] = useState(false);

  const submit = async (values: FormValues) => {
    const input: MedicationInput = {
      name: values.name.trim(),
      dosage: values.dosage.trim(),
      strength: (values.strength ?? '').trim() || null,
      instructions: (values.instructions ?? '').trim() || null,
      photoUrl,
      ...stockInput(values, medication),
    };
    try {
      if (editing) await updateMedication({ childId, id: medication.id, input }).unwrap();
      else await addMedication({ childId, input }).unwrap();
      onClose();
    } catch (error) {
      const perField = fieldErrors(error).filter((item) => FIELDS.includes(item.field as keyof FormValues));
      if (perField.length > 0) {
        form.setFields(perField.map((item) => ({ name: item.field as keyof FormValues, errors: [item.message] })));
      }
      if (isSessionExpired(error)) return;
      toast({
        title: 'Error',
        description: editing
          ? 'Failed to update medication. Please try again.'
          : 'Failed to add medication. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={editing ? `edit-medication-${medication.id}` : 'add-medication'}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{
        name: medication?.name ?? '',
        dosage: medication?.dosage ?? '',
        strength: medication?.strength ?? '',
        instructions: medication?.instructions ?? '',
        ...stockInitialValues(medication),
      }}
    >
      <Form.Item
        label="Medication Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: MEDICATION_NAME_REQUIRED }]}
      >
        <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
      </Form.Item>
      <Form.Item
        label="Dosage"
        name="dosage"
        rules={[{ required: true, whitespace: true, message: MEDICATION_DOSAGE_REQUIRED }]}
      >
        <Input autoComplete="off" placeholder="0.5 ml" maxLength={TEXT_MAX.name} />
      </Form.Item>
      <Form.Item label="Strength (optional)" name="strength" extra="What the label says the product holds, e.g. 100 mg/mL">
        <Input autoComplete="off" placeholder="100 mg/mL" maxLength={MEDICATION_STRENGTH_MAX} />
      </Form.Item>
      <Form.Item label="Instructions" name="instructions">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="e.g. Give with food" maxLength={TEXT_MAX.instructions} />
      </Form.Item>
      <PhotoField
        label="Medication Photo"
        value={photoUrl}
        onChange={setPhotoUrl}
        onUploadingChange={setUploading}
        disabled={pending}
      />
      <MedicationStockFields medication={medication} />
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={pending} disabled={uploading}>
          {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add Medication'}
        </Button>
      </div>
    </Form>
  );
}
