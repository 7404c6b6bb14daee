import {
  MEDICATION_DOSAGE_REQUIRED,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STRENGTH_MAX,
  type Medication,
  type MedicationInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { FormActions, LongTextItem, RequiredTextItem } from '../../../shared/ui/form-fields';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
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

const FIELDS: readonly (keyof FormValues)[] = ['name', 'dosage', 'strength', 'instructions', ...STOCK_FIELDS];

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
      reportSaveError(form, error, FIELDS, {
        description: editing ? 'Failed to update medication. Please try again.' : 'Failed to add medication. Please try again.',
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
      <RequiredTextItem label="Medication Name" name="name" message={MEDICATION_NAME_REQUIRED}>
        <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
      </RequiredTextItem>
      <RequiredTextItem label="Dosage" name="dosage" message={MEDICATION_DOSAGE_REQUIRED}>
        <Input autoComplete="off" placeholder="0.5 ml" maxLength={TEXT_MAX.name} />
      </RequiredTextItem>
      <Form.Item label="Strength (optional)" name="strength" extra="What the label says the product holds, e.g. 100 mg/mL">
        <Input autoComplete="off" placeholder="100 mg/mL" maxLength={MEDICATION_STRENGTH_MAX} />
      </Form.Item>
      <LongTextItem label="Instructions" name="instructions" placeholder="e.g. Give with food" maxLength={TEXT_MAX.instructions} />
      <PhotoField
        label="Medication Photo"
        value={photoUrl}
        onChange={setPhotoUrl}
        onUploadingChange={setUploading}
        disabled={pending}
      />
      <MedicationStockFields medication={medication} />
      <FormActions onCancel={onClose} pending={pending} submitDisabled={uploading}>
        {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add Medication'}
      </FormActions>
    </Form>
  );
}
