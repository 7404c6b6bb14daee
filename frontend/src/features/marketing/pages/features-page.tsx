import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { BellOutlined, CalendarOutlined, LockOutlined, MedicineBoxOutlined, TeamOutlined } from '../../../shared/ui/public-icons';
import { CheckList } from '../components/feature-card';
import { PageIntro } from '../components/page-intro';
import { SignUpCallToAction } from '../components/page-section';
import '../marketing.css';

/** What the product does today (README.md, What works today): nothing here is a plan or a promise. */
const FEATURE_SECTIONS: { id: string; icon: ReactNode; title: string; text: string; details: string[] }[] = [
  {
    id: 'daily-care',
    icon: <CalendarOutlined />,
    title: 'The day on one timeline',
    text: 'Today shows every task of the day in time slots, so whoever is on shift knows what is done and what is next.',
    details: [
      'Progress and the count of urgent overdue tasks at the top of the day',
      'Complete, undo, or remove a task with a reason; its history keeps who did what and when',
      'Repeating schedules for medications, therapies and routines, changed from a date, paused or stopped',
      'Quick Add for one-off tasks, templates and appointments, and a calendar of the days around today',
      'Made for a phone: installable, and usable offline',
    ],
  },
  {
    id: 'medications',
    icon: <MedicineBoxOutlined />,
    title: 'Medications given once, and on time',
    text: 'Each medication with its dosage and the schedules that give it, guarded against the mistakes a busy house makes.',
    details: [
      'Paste a medication schedule as written: it becomes repeating tasks you review before saving',
      'A dose already given cannot be given twice by mistake: the app says who gave it and when',
      'A dose ticked more than an hour early asks first, and counts as early',
      'Stock tracking with refill reminders',
      'An adherence report per person over up to 62 days, printable and as CSV',
    ],
  },
  {
    id: 'reminders',
    icon: <BellOutlined />,
    title: 'Reminders that reach someone',
    text: 'Reminders come in the app, by email and as push notifications, and urgent ones do not stop at one person.',
    details: [
      'Medication reminders 15 minutes before a dose, and appointment reminders',
      'Urgent tasks escalate step by step until someone acknowledges them',
      'Your own preferences and quiet hours',
      'A notice when a task was missed, and a note when the day went well',
      'Every alert is part of the task’s history',
    ],
  },
  {
    id: 'care-team',
    icon: <TeamOutlined />,
    title: 'The whole care team, and the contacts they need',
    text: 'Share each person’s care with exactly the people who help, and keep the numbers that matter one tap away.',
    details: [
      'Invite caregivers by email; each sees only the people shared with them, and edits only where allowed',
      'Care updates: a short journal per person, with photos and an Important flag',
      'The Care Hub: emergency contacts with one-tap calls, doctors, family support, hotlines and nearby care',
      'Appointments in your own calendar app through a private link, or synced with Google Calendar',
      'Live updates: a task ticked on one phone shows on the others',
    ],
  },
  {
    id: 'privacy',
    icon: <LockOutlined />,
    title: 'Private by design',
    text: 'Your family’s information is yours: protected, visible only to the people you choose, and yours to take or erase.',
    details: [
      'Personal details encrypted with a key per person',
      'Delete your account, or remove a person, and their data is erased for good',
      'Export everything you can see, and each person’s task history as CSV',
      'An activity log of sign-ins and shared access under Settings',
      'Sign in with a password, a passkey (your phone’s fingerprint or face) or Google',
    ],
  },
];

/** /features: the five things CareCircle does, each with its details. */
export default function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="landing">
      <PageIntro title="Everything CareCircle does for your family">
        The daily plan, medications, reminders, the care team and your privacy: what the app does today, in plain words.
      </PageIntro>
      <div className="marketing-page">
        {FEATURE_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} className="feature-section" aria-labelledby={`${section.id}-title`}>
            <span className="feature-card__icon" aria-hidden>
              {section.icon}
            </span>
            <div>
              <h2 id={`${section.id}-title`} className="feature-section__title">
                {section.title}
              </h2>
              <p className="feature-section__text">{section.text}</p>
              <CheckList items={section.details} className="check-list" />
            </div>
          </section>
        ))}
      </div>
      <SignUpCallToAction />
    </div>
  );
}
