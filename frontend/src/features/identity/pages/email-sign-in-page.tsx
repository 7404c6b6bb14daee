import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX } from '@carecircle/libs';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage, statusOf } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { BlockButton } from '../../../shared/ui/block-button';
import { PlainAlert } from '../../../shared/ui/plain-alert';
import { PlainField } from '../../../shared/ui/plain-field';
import { ArrowLeftOutlined } from '../../../shared/ui/sign-in-icons';
import { useSignIn } from '../hooks/use-sign-in';
import { safeReturnPath } from '../return-path';

type Mode = 'sign-in' | 'create-account';

export type FieldName = 'firstName' | 'lastName' | 'email' | 'password';
export type FormValues = Record<FieldName, string>;
export type FormErrors = Partial<Record<FieldName, string[]>>;

const EMPTY: FormValues = { firstName: '', lastName: '', email: '', password: '' };

/** The email rule of antd's form (async-validator), so the page accepts and refuses the addresses it did. */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;
const isEmail = (value: string) => value.length <= 320 && EMAIL_PATTERN.test(value);
/** Characters as a person counts them (an emoji is one), as antd's length rules count. */
const lengthOf = (value: string) => [...value].length;
const blank = (value: string) => value.trim() === '';

/**
 * What is wrong with each field, by the rules and in the words the form has always had (antd's
 * rules, each failing rule's message in order). The names are asked only when creating an account.
 */
export function emailFormErrors(values: FormValues, creating: boolean): FormErrors {
  const errors: FormErrors = {};
  const add = (field: FieldName, message: string) => (errors[field] ??= []).push(message);
  if (creating) {
    if (blank(values.firstName)) add('firstName', 'Please enter your first name');
    if (blank(values.lastName)) add('lastName', 'Please enter your last name');
  }
  if (blank(values.email)) add('email', 'Please enter your email');
  if (values.email !== '' && !isEmail(values.email)) add('email', 'Please enter a valid email address');
  if (values.password === '') add('password', 'Please enter your password');
  else if (creating) {
    if (lengthOf(values.password) < PASSWORD_MIN_LENGTH) add('password', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    if (lengthOf(values.password) > PASSWORD_MAX_LENGTH) add('password', `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  }
  return errors;
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

/**
 * /login/email: sign in, or create an account. Plain HTML and the app's CSS, no antd (its first load is
 * about the public pages': docs/performance.md). A field's errors show once it has been changed, and
 * every field's at a submit, which then goes to the first field in error.
 */
export default function EmailSignInPage({ invitedEmail }: Props) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<FormValues>(EMPTY);
  /** The fields whose errors show: those changed, and all of them after a submit. */
  const [checked, setChecked] = useState<ReadonlySet<FieldName>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  const { signIn, createAccount, isPending } = useSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const creating = mode === 'create-account';
  useDocumentTitle(creating ? 'Create your account' : 'Sign in with email');

  // The invited address arrives after the page: it fills the field unless something was typed there.
  // It stays editable: she may join with an account she already has under another address.
  useEffect(() => {
    if (invitedEmail) setValues((current) => (current.email ? current : { ...current, email: invitedEmail }));
  }, [invitedEmail]);

  const errors = emailFormErrors(values, creating);
  const shown = (field: FieldName) => (checked.has(field) ? errors[field] : undefined);

  const change = (field: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => (current.has(field) ? current : new Set(current).add(field)));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields: FieldName[] = creating ? ['firstName', 'lastName', 'email', 'password'] : ['email', 'password'];
    setChecked(new Set(fields));
    const first = fields.find((field) => errors[field]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setFailure(null);
    const email = values.email.trim();
    try {
      if (creating) {
        await createAccount({ email, password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
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
          <ArrowLeftOutlined /> Other ways to sign in
        </Link>
        <div className="auth-card__header">
          <h1 className="auth-card__title">{creating ? 'Create your account' : 'Sign in with email'}</h1>
        </div>
        {failure && <PlainAlert className="auth-failure">{failure}</PlainAlert>}
        <form ref={formRef} name={creating ? 'create-account' : 'sign-in'} className="plain-form" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="plain-form__fields" disabled={isPending}>
            {creating && (
              <div className="form-row">
                <PlainField label="First name" name="firstName" autoComplete="given-name" maxLength={TEXT_MAX.personName} value={values.firstName} onChange={change('firstName')} errors={shown('firstName')} />
                <PlainField label="Last name" name="lastName" autoComplete="family-name" maxLength={TEXT_MAX.personName} value={values.lastName} onChange={change('lastName')} errors={shown('lastName')} />
              </div>
            )}
            <PlainField label="Email" name="email" type="email" inputMode="email" autoComplete="email" maxLength={TEXT_MAX.email} value={values.email} onChange={change('email')} errors={shown('email')} />
            <PlainField
              label="Password"
              name="password"
              password
              autoComplete={creating ? 'new-password' : 'current-password'}
              value={values.password}
              onChange={change('password')}
              errors={shown('password')}
              extra={creating ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` : undefined}
            />
            <BlockButton primary type="submit" loading={isPending}>
              {creating ? (isPending ? 'Creating account...' : 'Create Account') : isPending ? 'Signing in...' : 'Sign In'}
            </BlockButton>
          </fieldset>
        </form>
        <p className="auth-switch">
          {creating ? 'Already have an account?' : 'New to CareCircle?'}{' '}
          <button type="button" className="link-button" onClick={() => switchMode(creating ? 'sign-in' : 'create-account')}>
            {creating ? 'Sign in instead' : 'Create an account'}
          </button>
        </p>
      </div>
    </main>
  );
}
