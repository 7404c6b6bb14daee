import { ArrowLeftOutlined } from '@ant-design/icons';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX } from '@carecircle/libs';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage, statusOf } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { RequiredTextItem } from '../../../shared/ui/form-fields';
import { useSignIn } from '../hooks/use-sign-in';
import { safeReturnPath } from '../return-path';

type Mode = 'sign-in' | 'create-account';

interface FormValues {
  firstName?: string;
  lastName?: string;
  email: string;
  password: string;
}

function failureText(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (statusOf(error) === 'FETCH_ERROR') return 'Could not reach CareCircle. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
}

interface Props {
  /** The address an invitation was sent to, when the visitor came from its link: the form starts with it. */
  invitedEmail?: string;
}

export default function EmailSignInPage({ invitedEmail }: Props) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<FormValues>();
  const { signIn, createAccount, isPending } = useSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const creating = mode === 'create-account';
  useDocumentTitle(creating ? 'Create your account' : 'Sign in with email');

  // The invited address arrives after the page: it fills the field unless something was typed there.
  // It stays editable: she may join with an account she already has under another address.
  useEffect(() => {
    if (invitedEmail && !form.getFieldValue('email')) form.setFieldValue('email', invitedEmail);
  }, [form, invitedEmail]);

  const submit = async (values: FormValues) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      if (creating) {
        await createAccount({
          email,
          password: values.password,
          firstName: (values.firstName ?? '').trim(),
          lastName: (values.lastName ?? '').trim(),
        });
      } else {
        await signIn({ email, password: values.password });
      }
      navigate(safeReturnPath(params.get('next')) ?? '/', { replace: true });
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setFailure(null);
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/login" className="back-link">
          <ArrowLeftOutlined aria-hidden /> Other ways to sign in
        </Link>
        <div className="auth-card__header">
          <h1 className="auth-card__title">{creating ? 'Create your account' : 'Sign in with email'}</h1>
        </div>
        {failure && <Alert type="error" showIcon title={failure} className="auth-failure" />}
        <Form<FormValues>
          form={form}
          name={creating ? 'create-account' : 'sign-in'}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={isPending}
        >
          {creating && (
            <div className="form-row">
              <RequiredTextItem label="First name" name="firstName" message="Please enter your first name">
                <Input size="large" autoComplete="given-name" maxLength={TEXT_MAX.personName} />
              </RequiredTextItem>
              <RequiredTextItem label="Last name" name="lastName" message="Please enter your last name">
                <Input size="large" autoComplete="family-name" maxLength={TEXT_MAX.personName} />
              </RequiredTextItem>
            </div>
          )}
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, whitespace: true, message: 'Please enter your email' },
              { type: 'email', message: 'Please enter a valid email address' },
            ]}
          >
            <Input size="large" type="email" inputMode="email" autoComplete="email" maxLength={TEXT_MAX.email} />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            extra={creating ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` : undefined}
            rules={[
              { required: true, message: 'Please enter your password' },
              ...(creating
                ? [
                    { min: PASSWORD_MIN_LENGTH, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` },
                    { max: PASSWORD_MAX_LENGTH, message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` },
                  ]
                : []),
            ]}
          >
            <Input.Password size="large" autoComplete={creating ? 'new-password' : 'current-password'} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            {creating ? (isPending ? 'Creating account...' : 'Create Account') : isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form>
        <p className="auth-switch">
          {creating ? 'Already have an account?' : 'New to CareCircle?'}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => switchMode(creating ? 'sign-in' : 'create-account')}
          >
            {creating ? 'Sign in instead' : 'Create an account'}
          </button>
        </p>
      </div>
    </main>
  );
}
