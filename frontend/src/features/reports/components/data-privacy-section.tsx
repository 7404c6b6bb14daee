import { DownloadOutlined, FileTextOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_LINKS } from '../api';

/**
 * Account > Data & Privacy (spec document 1): Export My Data downloads everything the user may see
 * as a JSON file (GET /api/user/export); Privacy Settings opens what is shared with whom; the
 * adherence report, for the family's doctor, is its own printable page.
 */
export function DataPrivacySection({ privacySettings }: { privacySettings: (onClose: () => void) => ReactNode }) {
  const [privacyOpen, setPrivacyOpen] = useState(false);
  return (
    <section aria-labelledby="settings-data-privacy-title" className="data-privacy">
      <h3 id="settings-data-privacy-title" className="settings-section__title">
        Data & Privacy
      </h3>
      <p className="data-privacy__hint">
        Export My Data saves everything you can see in CareCircle (your profile, the people you care for, their medications, tasks with their full history,
        contacts and updates) as one JSON file. Each export is recorded in your security activity.
      </p>
      <Space wrap>
        <Button href={REPORT_LINKS.export} download icon={<DownloadOutlined />}>
          Export My Data
        </Button>
        <Button icon={<SafetyOutlined />} onClick={() => setPrivacyOpen(true)}>
          Privacy Settings
        </Button>
        <Link to="/reports/adherence" className="ant-btn ant-btn-default ant-btn-color-default ant-btn-variant-outlined">
          <FileTextOutlined aria-hidden /> <span>Adherence Report</span>
        </Link>
      </Space>
      {privacyOpen && privacySettings(() => setPrivacyOpen(false))}
    </section>
  );
}
