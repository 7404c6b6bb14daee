import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, ConfirmField } from '../../../shared/ui/confirm-dialog';
import { useBeginAccountDeletionWithPasskeyMutation, useDeleteAccountMutation } from '../api';
import { useAuth } from '../hooks/use-auth';
import { isWebAuthnError, webAuthnErrorMessage } from '../passkey-errors';

export const NO_PASSWORD_HINT =
  'Signed up with Google and never set a password? Set up biometric sign-in (a passkey) under Security & Authentication above, then come back and confirm with it.';
const FAILED = 'Your account could not be deleted. Please try again.';

/**
 * The Account tab's danger zone: Delete Account asks the user to confirm it is them, then erases the
 * account and the care recipients it owns (docs/privacy.md) and signs out to the landing page. A user
 * with a passkey, in a browser that can use it, confirms with the passkey (a fresh answer to a
 * challenge for deleting this account); anyone may confirm with their password.
 */
export function DeleteAccount() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const [beginWithPasskey] = useBeginAccountDeletionWithPasskeyMutation();
  const titleId = `${useId()}-title`;
  const withPasskey = Boolean(user?.hasWebAuthn) && browserSupportsWebAuthn();
  const problem = error && !passkeyBusy ? (serverMessage(error) ?? FAILED) : null;

  const close = () => {
    setOpen(false);
    setPassword('');
    setPasskeyProblem(null);
    reset();
  };
  const done = () => window.location.assign('/'); // a full load: nothing of the account stays in memory
  const confirm = async () => {
    setPasskeyProblem(null);
    if ('data' in (await deleteAccount({ password }))) done();
  };
  const confirmWithPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyProblem(null);
    reset();
    try {
      const optionsJSON = await beginWithPasskey().unwrap();
      const passkeyAssertion = await startAuthentication({ optionsJSON });
      await deleteAccount({ passkeyAssertion }).unwrap();
      done();
    } catch (failure) {
      if (isSessionExpired(failure)) return;
      setPasskeyProblem(isWebAuthnError(failure) ? (webAuthnErrorMessage(failure) ?? 'Your passkey could not be used. Please try again.') : (serverMessage(failure) ?? FAILED));
    } finally {
      setPasskeyBusy(false);
    }
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
        loading={isLoading && !passkeyBusy}
        confirmDisabled={password === '' || passkeyBusy}
        destroyOnHidden
      >
        <p>Your account and the care recipients you own will be erased for everyone who helps with them.</p>
        {withPasskey && (
          <div className="settings-danger__passkey">
            <Button danger block icon={<KeyOutlined aria-hidden />} loading={passkeyBusy} disabled={isLoading && !passkeyBusy} onClick={() => void confirmWithPasskey()}>
              Confirm with passkey
            </Button>
            {passkeyProblem && (
              <p className="field-error" role="alert">
                {passkeyProblem}
              </p>
            )}
            <p className="muted">Or enter your password and choose Delete account.</p>
          </div>
        )}
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
        {!user?.hasWebAuthn && <p className="muted">{NO_PASSWORD_HINT}</p>}
        {user?.hasWebAuthn && !withPasskey && <p className="muted">This browser cannot use passkeys: enter your password, or delete the account from a device with your passkey.</p>}
      </ConfirmDialog>
    </section>
  );
}
