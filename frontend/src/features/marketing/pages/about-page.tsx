import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { BellOutlined, CheckOutlined, HeartOutlined, LockOutlined, MobileOutlined, TeamOutlined } from '../../../shared/ui/public-icons';
import { FeatureCard } from '../components/feature-card';
import { PageIntro } from '../components/page-intro';
import { PageSection, SignUpCallToAction } from '../components/page-section';
import '../marketing.css';

interface Card {
  icon?: ReactNode;
  title: string;
  text: string;
}

const VALUES: Card[] = [
  { icon: <CheckOutlined />, title: 'Right before fast', text: 'A dose must be given once, and the record must say who gave it. We check that before anything else.' },
  { icon: <MobileOutlined />, title: 'Made for tired hands', text: 'Big buttons, the day’s tasks first, and a phone that works offline: care happens in a hurry.' },
  { icon: <LockOutlined />, title: 'Your data, your choice', text: 'You decide who sees each person’s care, and you can take your data with you or erase it.' },
  { icon: <HeartOutlined />, title: 'Honest about limits', text: 'CareCircle organises care; it does not give medical advice, and a reminder can be late: never rely on one alone.' },
];

const TEAM: Card[] = [
  { icon: <MobileOutlined />, title: 'Product and engineering', text: 'Build the app, its reminders and the protections around your family’s data.' },
  { icon: <BellOutlined />, title: 'Support', text: 'Answers every message within 24 hours, and within 4 hours for priority support.' },
  { icon: <TeamOutlined />, title: 'Families like yours', text: 'What caregivers tell us decides what we build next. Write to us from the Contact page.' },
];

const TIMELINE: { year: string; title: string; text: string }[] = [
  { year: '2023', title: 'The idea', text: 'One shared plan for a day of care, instead of notes on the fridge, group chats and memory.' },
  { year: '2024', title: 'The first version', text: 'Today’s timeline, medications with their schedules, and reminders before each dose.' },
  { year: '2025', title: 'The whole care team', text: 'Invitations with per-person access, the Care Hub of contacts, passkeys, and personal data encrypted per person.' },
];

/** What the app itself does to protect a family (README.md, docs/privacy.md): no certificate is claimed. */
const PROTECTIONS: Card[] = [
  { title: 'Encrypted personal data', text: 'Personal details are encrypted with a key for each person.' },
  { title: 'Export your data', text: 'Download everything you can see, at any time, from Settings.' },
  { title: 'Delete for good', text: 'Delete your account, or remove a person, and their data is erased.' },
  { title: 'No ads, no tracking', text: 'We do not sell data or show advertising; the only cookie keeps you signed in.' },
  { title: 'Activity log', text: 'Sign-ins and every change of who can see what, for you to read.' },
];

function CardGrid({ cards }: { cards: Card[] }) {
  return (
    <div className={cards.length === 3 ? 'feature-grid feature-grid--three' : 'feature-grid'}>
      {cards.map((card) => (
        <FeatureCard key={card.title} {...card} />
      ))}
    </div>
  );
}

/** /about: why CareCircle exists, what it stands for, who makes it, and how it protects a family. */
export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <div className="landing">
      <PageIntro title="About CareCircle">
        Our mission: one calm, shared place for a family’s daily care, so that nothing is missed and nobody carries it alone.
      </PageIntro>
      <PageSection id="story" title="Our story">
        <div className="marketing-prose">
          <p>
            Families caring for a child or an adult with medical needs keep a lot in their heads: doses, therapies, appointments,
            and who already did what. When that lives in notes, group chats and memory, every new helper means explaining it all
            again, and a tired evening can mean a dose given twice or not at all.
          </p>
          <p>
            CareCircle puts the day’s care in one place that everyone who helps can open on a phone in seconds: what is due, what
            is done and by whom, and the contacts to call when something goes wrong.
          </p>
        </div>
      </PageSection>
      <PageSection id="values" title="What we value">
        <CardGrid cards={VALUES} />
      </PageSection>
      <PageSection id="team" title="Who makes CareCircle">
        <CardGrid cards={TEAM} />
      </PageSection>
      <PageSection id="timeline" title="Our journey">
        <ol className="timeline">
          {TIMELINE.map((step) => (
            <li key={step.year} className="timeline__step">
              <span className="timeline__year">{step.year}</span>
              <h3 className="timeline__title">{step.title}</h3>
              <p className="timeline__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <PageSection id="protections" title="How we protect your family">
        <ul className="protection-badges">
          {PROTECTIONS.map((badge) => (
            <li key={badge.title} className="protection-badges__item">
              <LockOutlined /> <strong>{badge.title}</strong>
              <span>{badge.text}</span>
            </li>
          ))}
        </ul>
        <p className="marketing-note">
          These are things the app does, not certificates: CareCircle is a coordination tool, not a medical record.
        </p>
      </PageSection>
      <SignUpCallToAction />
    </div>
  );
}
