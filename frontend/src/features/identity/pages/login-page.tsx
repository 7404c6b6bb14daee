import { ArrowLeftOutlined, GoogleOutlined, MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { safeReturnPath } from '../return-path';

/** Google sign-in arrives with the Google integration; until then the button says so instead of failing. */
const GOOGLE_UNAVAILABLE = 'Google sign-in is not available on this server yet.';

/**
 * Sign-in methods (spec document 1). Only the ones that work are offered: email, and Google shown
 * disabled with the reason. A `next` path (a signed-out deep link) is carried to the email form.
 */
export default function LoginPage() {
  const [loading, setLoading] = useState(false);
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  useDocumentTitle('Sign in');

  useEffect(() => {
    // Coming back with the browser's back button restores this page from cache: clear the spinner.
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const emailSignIn = () => {
    setLoading(true);
    window.location.assign(next ? `/login/email?next=${encodeURIComponent(next)}` : '/api/login');
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="back-link">
          <ArrowLeftOutlined aria-hidden /> Back to home
        </Link>
        <div className="auth-card__header">
          <span className="brand-mark" aria-hidden>
            CC
          </span>
          <h1 className="auth-card__title">Welcome to CareCircle</h1>
          <p className="muted">Choose how you want to sign in.</p>
        </div>
        <div className="auth-methods">
          <Button size="large" block type="primary" icon={<MailOutlined />} loading={loading} onClick={emailSignIn}>
            Continue with Email
          </Button>
          <Button size="large" block icon={<GoogleOutlined />} disabled aria-describedby="google-unavailable">
            Continue with Google
          </Button>
          <p id="google-unavailable" className="muted auth-methods__note">
            {GOOGLE_UNAVAILABLE}
          </p>
        </div>
        <p className="muted auth-legal">
          By continuing, you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </main>
  );
}
