import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, ConfirmField } from '../../../shared/ui/confirm-dialog';
import { useDeleteAccountMutation } from '../api';

/**
 * The Account tab's danger zone: Delete Account asks for the password again, then erases the
 * account and the care recipients it owns (docs/privacy.md) and signs out to the landing page.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const titleId = `${useId()}-title`;
  const problem = error ? (serverMessage(error) ?? 'Your account could not be deleted. Please try again.') : null;

  const close = () => {
    setOpen(false);
    setPassword('');
    reset();
  };
  const confirm = async () => {
    if ('data' in (await deleteAccount({ password }))) window.location.assign('/'); // a full load: nothing of the account stays in memory
  };

  return (
    <section className="settings-danger" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-danger__title">
        Danger zone
      </h2>
      <p>Deleting your account erases your profile and every care recipient you added, with their tasks and history. This cannot be undone.</p>
      <Button danger icon={<DeleteOutlined />} size="large" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        onCancel={close}
        onConfirm={() => void confirm()}
        confirmLabel="Delete account"
        loading={isLoading}
        confirmDisabled={password === ''}
        destroyOnHidden
      >
        <p>Your account and the care recipients you own will be erased for everyone who helps with them.</p>
        <ConfirmField label="Enter your password to confirm" error={problem}>
          {(control) => (
            <Input.Password
              {...control}
              value={password}
              autoComplete="current-password"
              onChange={(event) => {
                setPassword(event.target.value);
                reset();
              }}
              onPressEnter={() => password !== '' && void confirm()}
            />
          )}
        </ConfirmField>
      </ConfirmDialog>
    </section>
  );
}
