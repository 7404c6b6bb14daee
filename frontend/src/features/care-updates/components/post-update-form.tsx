import type { Child } from '@carecircle/libs';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { usePostCareUpdateMutation } from '../api';
import { showSaveError, toInput, UpdateFields, type UpdateFormValues } from './update-fields';

/** "Post an update": everyone who sees the recipient may post, view-only caregivers included. */
export function PostUpdateForm({ recipient }: { recipient: Child }) {
  const [form] = Form.useForm<UpdateFormValues>();
  const [postUpdate, { isLoading }] = usePostCareUpdateMutation();
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = async (values: UpdateFormValues) => {
    try {
      const posted = await postUpdate({ childId: recipient.id, input: toInput(values, photo) }).unwrap();
      form.resetFields();
      setPhoto(null);
      toast({
        title: 'Update posted',
        description: posted.important ? `Everyone caring for ${recipient.firstName} was notified.` : undefined,
        variant: 'success',
      });
    } catch (error) {
      showSaveError(form, error, 'Could not post the update');
    }
  };

  return (
    <Form<UpdateFormValues>
      form={form}
      name={`post-update-${recipient.id}`}
      layout="vertical"
      className="care-updates__form"
      onFinish={submit}
      disabled={isLoading}
      initialValues={{ text: '', important: false }}
    >
      <UpdateFields label="Post an update" photo={photo} onPhotoChange={setPhoto} onUploadingChange={setUploading} disabled={isLoading} />
      <Button type="primary" htmlType="submit" loading={isLoading} disabled={uploading} className="care-updates__button care-updates__submit">
        {isLoading ? 'Posting...' : 'Post'}
      </Button>
    </Form>
  );
}
