import { GOOGLE_SIGN_IN_ERRORS, isGoogleSignInError } from '@carecircle/libs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { reasonOf, statusOf } from '../../../shared/api/api-error';
import { BlockButton } from '../../../shared/ui/block-button';
import { PlainAlert } from '../../../shared/ui/plain-alert';
import { ArrowLeftOutlined, GoogleOutlined, KeyOutlined, MailOutlined } from '../../../shared/ui/sign-in-icons';
import { toast } from '../../../shared/ui/toast';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useGetGoogleSignInStatusQuery } from '../api';
import { browserSupportsPasskeys, passkeyErrorMessage, usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { safeReturnPath } from '../return-path';

/** A server without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the button says so instead of failing. */
const GOOGLE_UNAVAILABLE = 'Google sign-in is not available on this server yet.';
const GOOGLE_URL = '/api/auth/google';

/**
 * Sign-in methods (spec document 1). Only the ones that work are offered: a passkey first where the
 * browser supports them, email, and Google when the server offers it (else disabled, with the reason). A `next` path (a signed-out
 * deep link) is carried to the email form and followed after a passkey sign-in.
 * Plain HTML and the app's CSS, no antd: an invited grandparent's first page loads about as much as
 * the public pages (docs/performance.md); the passkey library and the toasts' code load when used.
 */
export default function LoginPage() {
  const [loading, setLoading] = useState<'email' | 'passkey' | 'google' | null>(null);
  const google = useGetGoogleSignInStatusQuery().data?.configured ?? false;
  const passkeys = browserSupportsPasskeys();
  const signInWithPasskey = usePasskeySignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const error = params.get('error');
  const failure = isGoogleSignInError(error) ? GOOGLE_SIGN_IN_ERRORS[error] : null;
  useDocumentTitle('Sign in');

  useEffect(() => {
    // Coming back with the browser's back button restores this page from cache: clear the spinner.
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const passkeySignIn = async () => {
    setLoading('passkey');
    try {
      await signInWithPasskey();
      toast({ title: 'Successfully signed in with biometrics!', variant: 'success' });
      navigate(next ?? '/', { replace: true });
    } catch (error) {
      setLoading(null);
      toast({ title: 'Authentication failed', description: (await passkeyErrorMessage(error)) ?? (statusOf(error) === 400 ? reasonOf(error) : undefined) ?? 'Failed to authenticate with biometrics', variant: 'destructive' });
    }
  };

  const emailSignIn = () => {
    setLoading('email');
    window.location.assign(next ? `/login/email?next=${encodeURIComponent(next)}` : '/api/login');
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="back-link">
          <ArrowLeftOutlined /> Back to home
        </Link>
        <div className="auth-card__header">
          <span className="brand-mark" aria-hidden>
            CC
          </span>
          <h1 className="auth-card__title">Welcome to CareCircle</h1>
          <p className="muted">Choose how you want to sign in.</p>
        </div>
        {failure && <PlainAlert className="auth-card__alert">{failure}</PlainAlert>}
        <div className="auth-methods">
          {passkeys && (
            <BlockButton primary icon={<KeyOutlined />} loading={loading === 'passkey'} disabled={loading !== null && loading !== 'passkey'} onClick={() => void passkeySignIn()}>
              Sign in with a passkey
            </BlockButton>
          )}
          <BlockButton primary={!passkeys} icon={<MailOutlined />} loading={loading === 'email'} disabled={loading !== null && loading !== 'email'} onClick={emailSignIn}>
            Continue with Email
          </BlockButton>
          {google ? (
            <BlockButton
              icon={<GoogleOutlined />}
              loading={loading === 'google'}
              disabled={loading !== null && loading !== 'google'}
              onClick={() => {
                setLoading('google');
                window.location.assign(GOOGLE_URL);
              }}
            >
              Continue with Google
            </BlockButton>
          ) : (
            <>
              <BlockButton icon={<GoogleOutlined />} disabled aria-describedby="google-unavailable">
                Continue with Google
              </BlockButton>
              <p id="google-unavailable" className="muted auth-methods__note">
                {GOOGLE_UNAVAILABLE}
              </p>
            </>
          )}
        </div>
        <p className="muted auth-legal">
          By continuing, you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </main>
  );
}
