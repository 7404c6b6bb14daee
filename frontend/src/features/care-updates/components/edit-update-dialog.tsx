import type { CareUpdate } from '@carecircle/libs';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { FormActions } from '../../../shared/ui/form-fields';
import { toast } from '../../../shared/ui/toast';
import { useEditCareUpdateMutation } from '../api';
import { showSaveError, toInput, UpdateFields, type UpdateFormValues } from './update-fields';

interface Props {
  update: CareUpdate | null;
  onClose: () => void;
}

/** Edits an update (its author or the primary caregiver); the earlier version stays in its history. */
export function EditUpdateDialog({ update, onClose }: Props) {
  return (
    <Modal open={update !== null} title="Edit Update" onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      {update && <EditUpdateForm update={update} onClose={onClose} />}
    </Modal>
  );
}

function EditUpdateForm({ update, onClose }: { update: CareUpdate; onClose: () => void }) {
  const [form] = Form.useForm<UpdateFormValues>();
  const [editUpdate, { isLoading }] = useEditCareUpdateMutation();
  const [photo, setPhoto] = useState<string | null>(update.imageUrl);
  const [uploading, setUploading] = useState(false);

  const submit = async (values: UpdateFormValues) => {
    try {
      await editUpdate({ update, input: toInput(values, photo) }).unwrap();
      toast({ title: 'Update saved', variant: 'success' });
      onClose();
    } catch (error) {
      showSaveError(form, error, 'Could not save the update');
    }
  };

  return (
    <Form<UpdateFormValues>
      form={form}
      name={`edit-update-${update.id}`}
      layout="vertical"
      onFinish={submit}
      disabled={isLoading}
      initialValues={{ text: update.text, important: update.important }}
    >
      <UpdateFields label="Update" photo={photo} onPhotoChange={setPhoto} onUploadingChange={setUploading} disabled={isLoading} autoFocus />
      <FormActions onCancel={onClose} pending={isLoading} submitDisabled={uploading}>
        {isLoading ? 'Saving...' : 'Save Changes'}
      </FormActions>
    </Form>
  );
}
