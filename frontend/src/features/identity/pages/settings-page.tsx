import { LogoutOutlined } from '@ant-design/icons';
import { joinFullName } from '@carecircle/libs';
import { Button } from 'antd';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useAuth } from '../hooks/use-auth';

/** Placeholder until the settings issue: who is signed in, and signing out. */
export default function SettingsPage() {
  const { user } = useAuth();
  useDocumentTitle('Settings');
  if (!user) return null;
  const name = joinFullName(user.firstName ?? '', user.lastName ?? '');
  return (
    <div className="page">
      <h1 className="page__title">Settings</h1>
      <section className="section-card" aria-label="Account">
        <p>
          Signed in as <strong>{name || user.email}</strong>
          {name && (
            <>
              <br />
              <span className="muted">{user.email}</span>
            </>
          )}
        </p>
        {/* Full navigation: the server clears the session and answers with a redirect to /. */}
        <Button href="/api/logout" icon={<LogoutOutlined />} size="large" danger>
          Sign Out
        </Button>
      </section>
    </div>
  );
}
