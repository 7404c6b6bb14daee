import { localDate } from '@carecircle/libs';
import { useGetChildrenQuery } from '../base-api';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { AdherenceReportPage } from '../../features/reports/pages/adherence-report-page';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { zoneOrBrowser } from '../../shared/formatting/time-zone';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { SignedInLayout } from '../layout/signed-in-layout';

/** /reports/adherence: the adherence report of a recipient the user sees; the range defaults to the last 30 days of the user's zone. */
export default function AdherenceReportScreen() {
  const { user } = useAuth();
  const { data: children } = useGetChildrenQuery();
  useDocumentTitle('Adherence Report');
  return (
    <SignedInLayout>
      {children ? <AdherenceReportPage recipients={children} today={localDate(new Date(), zoneOrBrowser(user?.timezone))} /> : <PageSkeleton />}
    </SignedInLayout>
  );
}
