import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, ConfirmField } from '../../../shared/ui/confirm-dialog';
import { useBeginAccountDeletionWithPasskeyMutation, useDeleteAccountMutation } from '../api';
import { useAuth } from '../hooks/use-auth';
import { isWebAuthnError, webAuthnErrorMessage } from '../passkey-errors';

export const DELETE_HINTS = {
  noPasswordNoPasskey:
    'Your account has no password: you sign in with Google. To confirm it is you, set up biometric sign-in (a passkey) under Security & Authentication above, then come back and confirm with it.',
  noPasswordWrongBrowser: 'Your account has no password, and this browser cannot use your passkey: delete the account from a device where your passkey works.',
  maybeNoPassword: 'Signed up with Google and never set a password? Set up biometric sign-in (a passkey) under Security & Authentication above, then come back and confirm with it.',
  passwordWrongBrowser: 'This browser cannot use passkeys: enter your password, or delete the account from a device with your passkey.',
} as const;
const FAILED = 'Your account could not be deleted. Please try again.';

/**
 * The Account tab's danger zone: Delete Account asks the user to confirm it is them, then erases the
 * account and the care recipients it owns (docs/privacy.md) and signs out to the landing page. A user
 * with a passkey, in a browser that can use it, may confirm with the passkey (a fresh answer to a
 * challenge for deleting this account); a user with a password, with it. An account made by Google
 * sign-in has no password the user knows: it is never asked for, and without a passkey the dialog says
 * how to get one.
 */
export function DeleteAccount() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [via, setVia] = useState<'password' | 'passkey'>('password');
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const [beginWithPasskey] = useBeginAccountDeletionWithPasskeyMutation();
  const titleId = `${useId()}-title`;
  const hasPasskey = Boolean(user?.hasWebAuthn);
  const withPasskey = hasPasskey && browserSupportsWebAuthn();
  const withPassword = !user?.signedUpWithGoogle;
  // The server's refusal shows where it was asked: under the password, or (passkeyProblem) under the passkey.
  const problem = error && via === 'password' ? (serverMessage(error) ?? FAILED) : null;

  const close = () => {
    setOpen(false);
    setPassword('');
    setPasskeyProblem(null);
    reset();
  };
  const done = () => window.location.assign('/'); // a full load: nothing of the account stays in memory
  const confirm = async () => {
    setVia('password');
    setPasskeyProblem(null);
    if ('data' in (await deleteAccount({ password }))) done();
  };
  const confirmWithPasskey = async () => {
    setVia('passkey');
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
  const passkeyError = passkeyProblem && (
    <p className="field-error" role="alert">
      {passkeyProblem}
    </p>
  );

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
        // Without a password, the dialog's own button is the passkey's.
        onConfirm={() => void (withPassword ? confirm() : confirmWithPasskey())}
        confirmLabel={withPassword ? 'Delete account' : 'Confirm with passkey'}
        loading={withPassword ? isLoading && !passkeyBusy : passkeyBusy}
        confirmDisabled={withPassword ? password === '' || passkeyBusy : !withPasskey}
        destroyOnHidden
      >
        <p>Your account and the care recipients you own will be erased for everyone who helps with them.</p>
        {withPassword && withPasskey && (
          <div className="settings-danger__passkey">
            <Button danger block icon={<KeyOutlined aria-hidden />} loading={passkeyBusy} disabled={isLoading && !passkeyBusy} onClick={() => void confirmWithPasskey()}>
              Confirm with passkey
            </Button>
            {passkeyError}
            <p className="muted">Or enter your password and choose Delete account.</p>
          </div>
        )}
        {withPassword && (
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
        )}
        {withPassword && !hasPasskey && <p className="muted">{DELETE_HINTS.maybeNoPassword}</p>}
        {withPassword && hasPasskey && !withPasskey && <p className="muted">{DELETE_HINTS.passwordWrongBrowser}</p>}
        {!withPassword && withPasskey && <p>Confirm with your passkey that it is you.</p>}
        {!withPassword && withPasskey && passkeyError}
        {!withPassword && !withPasskey && <p>{hasPasskey ? DELETE_HINTS.noPasswordWrongBrowser : DELETE_HINTS.noPasswordNoPasskey}</p>}
      </ConfirmDialog>
    </section>
  );
}
