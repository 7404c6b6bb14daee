import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage, statusOf } from '../../../shared/api/api-error';
import { TeamOutlined } from '../../../shared/ui/public-icons';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '../../../shared/ui/sign-in-icons';
import { useAcceptInvitationMutation } from '../api';
import { acceptInvitationPath } from '../invitation-path';
import './accept-invitation-page.css';

type Outcome = { state: 'loading' } | { state: 'success' } | { state: 'error'; message: string };

interface Props {
  /** The path's token; empty when the link was cut short. */
  token: string;
  auth: { isLoading: boolean; isAuthenticated: boolean };
}

export const INVITATION_TEXT = {
  title: 'Care Team Invitation',
  subtitle: 'Join as a secondary caregiver',
  requiresLogin: 'Please sign in to accept this invitation',
  signIn: 'Sign In to Accept Invitation',
  invalidLink: 'Invalid invitation link',
  failed: 'Failed to accept invitation',
  networkFailed: 'Failed to accept invitation. Please try again.',
} as const;

/**
 * /accept-invitation/{token} (spec document 1): loading, requires_login, success or error. Acceptance
 * runs once, as soon as authentication has resolved; a signed-out visitor signs in or creates an
 * account and comes back here (the token travels in `next`). Plain HTML and the app's CSS, no antd:
 * an invited grandparent's first page loads about as much as the public pages (docs/performance.md).
 */
export function AcceptInvitationPage({ token, auth }: Props) {
  const [accept] = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'loading' });
  const started = useRef(false);
  const here = acceptInvitationPath(token);
  const signInHref = `/login?next=${encodeURIComponent(here)}`;

  useEffect(() => {
    if (auth.isLoading || !auth.isAuthenticated || started.current) return;
    started.current = true;
    if (!token) return setOutcome({ state: 'error', message: INVITATION_TEXT.invalidLink });
    accept(token)
      .unwrap()
      .then(() => setOutcome({ state: 'success' }))
      .catch((error: unknown) => {
        const message = statusOf(error) === 'FETCH_ERROR' ? INVITATION_TEXT.networkFailed : (serverMessage(error) ?? INVITATION_TEXT.failed);
        setOutcome({ state: 'error', message });
      });
  }, [accept, auth.isAuthenticated, auth.isLoading, token]);

  const state = auth.isLoading ? 'loading' : !auth.isAuthenticated ? 'requires_login' : outcome.state;
  return (
    <div className="invitation">
      <section className="invitation__card" aria-labelledby="invitation-title">
        <TeamOutlined className="invitation__icon" />
        <h1 id="invitation-title" className="invitation__title">
          {INVITATION_TEXT.title}
        </h1>
        <p className="invitation__subtitle">{INVITATION_TEXT.subtitle}</p>
        {state === 'loading' && (
          <div role="status" className="invitation__loading">
            <LoadingOutlined className="plain-icon--spin invitation__spinner" /> Accepting the invitation...
          </div>
        )}
        {state === 'requires_login' && (
          <>
            <p>{INVITATION_TEXT.requiresLogin}</p>
            <p className="muted">New here? You can create an account on the next screen; you will come back to this invitation.</p>
            <a className="plain-button plain-button--primary plain-button--lg" href={signInHref}>
              {INVITATION_TEXT.signIn}
            </a>
          </>
        )}
        {state === 'success' && (
          <div role="status">
            <p className="invitation__result invitation__result--success">
              <CheckCircleFilled /> You joined the care team.
            </p>
            <p>As a secondary caregiver you can:</p>
            <ul className="invitation__list">
              <li>View overdue task notifications</li>
              <li>Access emergency contact information</li>
              <li>Stay informed about important care updates</li>
            </ul>
            <button type="button" className="plain-button plain-button--primary plain-button--lg" onClick={() => navigate('/')}>
              Go to Today
            </button>
          </div>
        )}
        {outcome.state === 'error' && state === 'error' && (
          <div role="alert">
            <p className="invitation__result invitation__result--error">
              <CloseCircleFilled /> {outcome.message}
            </p>
            <p>Common reasons:</p>
            <ul className="invitation__list">
              <li>The invitation expired (invitations last 7 days)</li>
              <li>It was already accepted</li>
              <li>The link is invalid or was cancelled</li>
            </ul>
            <p className="muted">Ask the person who invited you to send a new invitation.</p>
            <a className="plain-button plain-button--md" href={signInHref}>
              Try Signing In
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
