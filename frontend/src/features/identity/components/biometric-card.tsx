import { SafetyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { Button } from 'antd';
import { useState } from 'react';
import { isSessionExpired, reasonOf, statusOf } from '../../../shared/api/api-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { isWebAuthnError, webAuthnErrorMessage } from '../passkey-errors';
import { useBeginPasskeyRegistrationMutation, useCompletePasskeyRegistrationMutation, useGetPasskeyStatusQuery, useRemovePasskeyMutation } from '../passkeys-api';
import './biometric-card.css';

const BENEFITS = ['sign in instantly', 'biometric data stays on the device', 'works across devices'];
const REMOVE_QUESTION = 'Are you sure you want to remove biometric authentication? You will no longer be able to sign in using Face ID or Touch ID.';

/**
 * Setup Biometric Authentication and the biometric row of Settings > Account (spec document 3):
 * Setup registers a passkey of this device; Active with Remove once set up. Remove asks first, then
 * removes the user's passkeys on the server (DELETE /api/webauthn/credentials/{id}): a removed
 * passkey can no longer sign in.
 */
export function BiometricCard() {
  const supported = browserSupportsWebAuthn();
  const { data: status } = useGetPasskeyStatusQuery();
  const [begin] = useBeginPasskeyRegistrationMutation();
  const [complete] = useCompletePasskeyRegistrationMutation();
  const [removePasskey] = useRemovePasskeyMutation();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const active = status?.hasWebAuthn ?? false;

  const setup = async () => {
    if (!supported) {
      toast({ title: 'Not Supported', description: 'Biometric authentication is not supported on this device.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const optionsJSON = await begin().unwrap();
      const credential = await startRegistration({ optionsJSON });
      const done = await complete(credential).unwrap();
      toast({ title: 'Setup Complete', description: done.message, variant: 'success' });
    } catch (error) {
      if (isSessionExpired(error)) return;
      if (isWebAuthnError(error) || typeof statusOf(error) === 'number') {
        toast({ title: 'Setup Failed', description: webAuthnErrorMessage(error) ?? reasonOf(error) ?? 'Registration failed', variant: 'destructive' });
      } else {
        console.error('Failed to setup biometric authentication', error);
        toast({ title: 'Error', description: 'An unexpected error occurred during setup.', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      for (const credential of status?.credentials ?? []) await removePasskey(credential.id).unwrap();
      setConfirming(false);
      toast({ title: 'Removed', variant: 'success' });
    } catch (error) {
      console.error('Failed to remove biometric authentication', error);
      if (!isSessionExpired(error)) toast({ title: 'Error', description: 'Failed to remove biometric authentication.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card biometric-card" aria-labelledby="biometric-card-title">
      <h4 id="biometric-card-title" className="biometric-card__title">
        <SafetyOutlined aria-hidden /> Setup Biometric Authentication
      </h4>
      <p className="muted">Use Face ID, Touch ID or your fingerprint to sign in to CareCircle with a passkey.</p>
      <ul className="biometric-card__list">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {!supported && <p className="muted">Biometric authentication is not supported on this device or browser.</p>}
      <div className="biometric-card__row">
        <span className="biometric-card__label">
          Biometric sign-in
          {active && <span className="status-badge status-badge--on">Active</span>}
        </span>
        {active ? (
          <Button danger onClick={() => setConfirming(true)}>
            Remove
          </Button>
        ) : (
          <Button type="primary" disabled={!supported} loading={busy} onClick={() => void setup()}>
            Setup
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove biometric authentication"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
        confirmLabel={busy ? 'Removing...' : 'Remove'}
        loading={busy}
      >
        <p>{REMOVE_QUESTION}</p>
      </ConfirmDialog>
    </section>
  );
}
