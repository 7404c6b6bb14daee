import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { useDeleteAccountMutation } from '../api';

/**
 * The Account tab's danger zone: Delete Account asks for the password again, then erases the
 * account and the care recipients it owns (docs/privacy.md) and signs out to the landing page.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const passwordId = useId();
  const errorId = useId();
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
    <section className="settings-danger" aria-labelledby={`${passwordId}-title`}>
      <h2 id={`${passwordId}-title`} className="settings-danger__title">
        Danger zone
      </h2>
      <p>Deleting your account erases your profile and every care recipient you added, with their tasks and history. This cannot be undone.</p>
      <Button danger icon={<DeleteOutlined />} size="large" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        onCancel={close}
        destroyOnHidden
        footer={
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" danger disabled={password === ''} loading={isLoading} onClick={() => void confirm()}>
              Delete account
            </Button>
          </div>
        }
      >
        <p>Your account and the care recipients you own will be erased for everyone who helps with them.</p>
        <label htmlFor={passwordId} className="field-label">
          Enter your password to confirm
        </label>
        <Input.Password
          id={passwordId}
          value={password}
          autoComplete="current-password"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            reset();
          }}
          onPressEnter={() => password !== '' && void confirm()}
        />
        {problem && (
          <p id={errorId} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </Modal>
    </section>
  );
}
