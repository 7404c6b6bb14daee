import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import {
  BellOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  HeartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  MobileOutlined,
  TeamOutlined,
} from '../../../shared/ui/public-icons';
import { FeatureCard } from '../components/feature-card';
import { PageSection, SignUpCallToAction } from '../components/page-section';
import { PlanCard } from '../components/plan-card';
import { MARKETING_PLANS } from '../plans';

const TRUST_BADGES: { icon: ReactNode; label: string }[] = [
  { icon: <LockOutlined />, label: 'Private by design' },
  { icon: <HeartOutlined />, label: 'Built with caregiving families' },
  { icon: <MobileOutlined />, label: 'Made for your phone' },
  { icon: <ClockCircleOutlined />, label: 'Set up in minutes' },
];

const KEY_FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CalendarOutlined />,
    title: 'One plan for the day',
    text: 'Medications, therapies, meals and appointments on a single timeline you can check at a glance.',
  },
  {
    icon: <MedicineBoxOutlined />,
    title: 'Medication tracking',
    text: 'Keep every dose, dosage and instruction in one place, ready for the next caregiver on shift.',
  },
  {
    icon: <TeamOutlined />,
    title: 'The whole care team',
    text: 'Share exactly what each family member, nurse or babysitter needs to know, and nothing more.',
  },
  {
    icon: <BellOutlined />,
    title: 'Gentle reminders',
    text: 'Timely nudges before a dose or appointment, and a heads-up when something was missed.',
  },
];

export default function LandingPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  useDocumentTitle();
  // See how it works (and older links to /#features, /#pricing) open a section of this page.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">For families caring for someone with extra needs</p>
        <h1 id="hero-title" className="hero__title">Care is a team effort. CareCircle keeps the team in step.</h1>
        <p className="hero__text">
          Daily care, medications and everyone who helps, organised in one calm place you can open in seconds.
        </p>
        <div className="hero__actions">
          <button type="button" className="plain-button plain-button--primary plain-button--large" onClick={() => navigate('/login')}>
            Start Free Trial
          </button>
          <a className="plain-button plain-button--large" href="#features">
            See how it works
          </a>
        </div>
        <ul className="trust-badges" aria-label="Why families trust CareCircle">
          {TRUST_BADGES.map((badge) => (
            <li key={badge.label} className="trust-badges__item">
              <span aria-hidden>{badge.icon}</span> {badge.label}
            </li>
          ))}
        </ul>
      </section>

      <PageSection id="features" title="Everything a busy caregiver needs">
        <div className="feature-grid">
          {KEY_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </PageSection>

      <PageSection id="pricing" title="Simple plans for every family">
        <div className="plan-grid">
          {MARKETING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </PageSection>

      <SignUpCallToAction />
    </div>
  );
}
