import {
  AppleOutlined,
  ArrowLeftOutlined,
  CodeOutlined,
  GithubOutlined,
  GoogleOutlined,
  MailOutlined,
  XOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

type MethodId = 'email' | 'google' | 'developer' | 'code-host' | 'device-maker' | 'social';

interface SignInMethod {
  id: MethodId;
  label: string;
  icon: ReactNode;
  /** Full browser navigation target; methods without one only show their loading state (spec document 1). */
  href?: string;
}

const METHODS: SignInMethod[] = [
  { id: 'email', label: 'Continue with Email', icon: <MailOutlined />, href: '/api/login' },
  { id: 'google', label: 'Continue with Google', icon: <GoogleOutlined />, href: '/api/auth/google' },
  { id: 'developer', label: 'Continue with Replit', icon: <CodeOutlined />, href: '/api/login' },
  { id: 'code-host', label: 'Continue with GitHub', icon: <GithubOutlined /> },
  { id: 'device-maker', label: 'Continue with Apple', icon: <AppleOutlined /> },
  { id: 'social', label: 'Continue with X', icon: <XOutlined /> },
];

export default function LoginPage() {
  // At most one method shows a loading state while the browser redirects.
  const [loading, setLoading] = useState<MethodId | null>(null);
  useDocumentTitle('Sign in');

  useEffect(() => {
    // Coming back with the browser's back button restores this page from cache: clear the spinner.
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const choose = (method: SignInMethod) => {
    setLoading(method.id);
    if (method.href) window.location.assign(method.href);
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
          {METHODS.map((method, index) => (
            <Button
              key={method.id}
              size="large"
              block
              type={index === 0 ? 'primary' : 'default'}
              icon={method.icon}
              loading={loading === method.id}
              onClick={() => choose(method)}
            >
              {method.label}
            </Button>
          ))}
        </div>
        <p className="muted auth-legal">
          By continuing, you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </main>
  );
}
