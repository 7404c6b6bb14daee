import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { addDays, DATE_RANGE_MAX_DAYS, EARLY_COMPLETION_MINUTES, ON_TIME_GRACE_MINUTES, type AdherenceReport, type Child } from '@carecircle/libs';
import { Button, Space } from 'antd';
import { useState, type FormEvent } from 'react';
import { REPORT_LINKS, useLazyGetAdherenceReportQuery } from '../api';
import './adherence-report-page.css';

const formatInstant = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the API answered when it refused (a 400 names the field and says why). */
function messageOf(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : 'The report could not be loaded. Please try again.';
}

/**
 * /reports/adherence: for the family's doctor, per medication over a range of at most 62 days, how
 * many doses were scheduled, given on time, early or late, missed and removed (with the reasons).
 * Printable (print CSS keeps only the report), with CSV downloads of the report and of the task history.
 */
export function AdherenceReportPage({ recipients, today }: { recipients: Child[]; today: string }) {
  const [childId, setChildId] = useState(recipients[0]?.id ?? '');
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [load, { data, error, isFetching }] = useLazyGetAdherenceReportQuery();
  const [shown, setShown] = useState<{ childId: string; from: string; to: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = { childId: childId || recipients[0]?.id, from, to };
    if (!request.childId) return;
    setShown(request);
    void load(request);
  };

  if (recipients.length === 0) {
    return (
      <section className="adherence-report" aria-labelledby="adherence-title">
        <h1 id="adherence-title">Adherence Report</h1>
        <p>Add someone you care for in Settings first: the report shows their medications.</p>
      </section>
    );
  }
  const report: AdherenceReport | undefined = shown && !error ? data : undefined;
  return (
    <section className="adherence-report" aria-labelledby="adherence-title">
      <h1 id="adherence-title">Adherence Report</h1>
      <form className="adherence-report__form" onSubmit={submit} aria-label="Report settings">
        <label className="adherence-report__field">
          Care recipient
          <select value={childId} onChange={(e) => setChildId(e.target.value)}>
            {recipients.map((child) => (
              <option key={child.id} value={child.id}>
                {child.name}
              </option>
            ))}
          </select>
        </label>
        <label className="adherence-report__field">
          From
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="adherence-report__field">
          To
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Show Report
        </Button>
      </form>
      <p className="adherence-report__rules">
        At most {DATE_RANGE_MAX_DAYS} days. A dose is on time from {EARLY_COMPLETION_MINUTES} minutes before its time to {ON_TIME_GRACE_MINUTES} minutes
        after; given earlier is early, later is late. A dose not given {ON_TIME_GRACE_MINUTES} minutes after its time is missed.
      </p>
      {error && (
        <p role="alert" className="adherence-report__error">
          {messageOf(error)}
        </p>
      )}
      {report && shown && (
        <article aria-labelledby="adherence-report-title">
          <h2 id="adherence-report-title">
            {report.childName}: {report.from} to {report.to}
          </h2>
          <p>Made {formatInstant(report.generatedAt)}.</p>
          <Space wrap className="adherence-report__actions">
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              Print
            </Button>
            <Button icon={<DownloadOutlined />} href={REPORT_LINKS.adherenceCsv(shown.childId, shown)} download>
              Download CSV
            </Button>
            <Button icon={<DownloadOutlined />} href={REPORT_LINKS.historyCsv(shown.childId, shown)} download>
              Task History CSV
            </Button>
          </Space>
          {report.medications.length === 0 ? (
            <p>No medication doses were scheduled in this range.</p>
          ) : (
            <div className="adherence-report__table-wrap" tabIndex={0} role="region" aria-label="Medications">
              <table className="adherence-report__table">
                <thead>
                  <tr>
                    <th scope="col">Medication</th>
                    <th scope="col">Scheduled</th>
                    <th scope="col">On time</th>
                    <th scope="col">Early</th>
                    <th scope="col">Late</th>
                    <th scope="col">Missed</th>
                    <th scope="col">Not due yet</th>
                    <th scope="col">Removed</th>
                    <th scope="col">Removal reasons</th>
                  </tr>
                </thead>
                <tbody>
                  {report.medications.map((line) => (
                    <tr key={line.medicationId ?? line.name}>
                      <th scope="row">
                        {line.name}
                        {line.dosage ? ` (${line.dosage})` : ''}
                      </th>
                      <td className="number">{line.scheduled}</td>
                      <td className="number">{line.onTime}</td>
                      <td className="number">{line.early}</td>
                      <td className="number">{line.late}</td>
                      <td className="number">{line.missed}</td>
                      <td className="number">{line.notDue}</td>
                      <td className="number">{line.removed}</td>
                      <td>{line.removedReasons.map((r) => `${r.reason} (${r.count})`).join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      )}
    </section>
  );
}
