import AdminPage from '../../features/admin/pages/admin-page';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { SecurityActivity } from '../../features/identity/components/security-activity';
import { SignedInLayout } from '../layout/signed-in-layout';

/** /admin: the admin dashboard for super admins, Access Denied for everyone else. */
export default function AdminScreen() {
  const { user } = useAuth();
  return <SignedInLayout>{user && <AdminPage user={user} auditPanel={<SecurityActivity everyone />} />}</SignedInLayout>;
}
