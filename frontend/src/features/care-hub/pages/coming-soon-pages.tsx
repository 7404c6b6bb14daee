import { ClockCircleOutlined } from '@ant-design/icons';
import { HubBanner } from '../components/hub-banner';
import { SubPageHeader } from '../components/sub-page-header';
import '../care-hub.css';

/** A Care Hub screen that is not built yet: its title, the back button and 'Coming Soon'. */
function ComingSoon({ title, text, notice }: { title: string; text: string; notice?: string }) {
  return (
    <div className="page care-hub">
      <SubPageHeader title={title} />
      {notice && <HubBanner tone="red">{notice}</HubBanner>}
      <section className="care-hub-coming-soon" aria-labelledby="coming-soon-title">
        <ClockCircleOutlined className="care-hub-coming-soon__icon" aria-hidden />
        <h2 id="coming-soon-title">Coming Soon</h2>
        <p>{text}</p>
      </section>
    </div>
  );
}

export function SchoolDaycarePage() {
  return <ComingSoon title="School & Daycare" text="School and daycare contact management will be available soon." />;
}

export function PharmacyPage() {
  return <ComingSoon title="Pharmacy Locations" text="Pharmacy location management will be available soon." />;
}

export function CareNotesPage() {
  return (
    <ComingSoon
      title="Care Instructions / Notes"
      notice="Use this for general reminders only. Do not enter medications or diagnoses."
      text="Care instructions and notes will be available soon."
    />
  );
}
