/**
 * Calendar tab: a placeholder, and it says so. The spec's tab (a date picker, the calendar-provider
 * card with Connect Google Calendar and Sync Calendar, the next 7 days' appointments) is issue 24's.
 */
export function CalendarPanel() {
  return (
    <section className="section-card" aria-label="Calendar">
      <h2 className="section-card__title">Calendar</h2>
      <p className="muted">Connecting a calendar is not available yet.</p>
    </section>
  );
}
