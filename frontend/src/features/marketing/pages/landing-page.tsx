import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import {
  BellOutlined,
  CalendarOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  HeartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  MobileOutlined,
  TeamOutlined,
} from '../../../shared/ui/public-icons';
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

/** A section the top navigation links to (#features, #pricing), named by its heading. */
function LandingSection({ id, titleId, title, children }: { id: string; titleId: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="landing-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="landing-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FeatureCard({ feature }: { feature: (typeof KEY_FEATURES)[number] }) {
  return (
    <article className="feature-card">
      <span className="feature-card__icon" aria-hidden>
        {feature.icon}
      </span>
      <h3 className="feature-card__title">{feature.title}</h3>
      <p className="feature-card__text">{feature.text}</p>
    </article>
  );
}

export default function LandingPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  useDocumentTitle();
  // The top navigation's Features and Pricing links are sections of this page.
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

      <LandingSection id="features" titleId="features-title" title="Everything a busy caregiver needs">
        <div className="feature-grid">
          {KEY_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </div>
      </LandingSection>

      <LandingSection id="pricing" titleId="plans-title" title="Simple plans for every family">
        <div className="plan-grid">
          {MARKETING_PLANS.map((plan) => (
            <article
              key={plan.id}
              className={plan.bestValue ? 'plan-card plan-card--highlight' : 'plan-card'}
              aria-labelledby={`plan-${plan.id}`}
            >
              <div className="plan-card__head">
                <h3 id={`plan-${plan.id}`} className="plan-card__name">{plan.name}</h3>
                {plan.bestValue && <span className="plan-card__badge">Best Value</span>}
              </div>
              <p className="plan-card__price">
                <span className="plan-card__amount">{plan.price}</span> <span>{plan.period}</span>
              </p>
              <ul className="plan-card__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckOutlined /> {feature}
                  </li>
                ))}
              </ul>
              {plan.limits && (
                <p className="plan-card__limits">Limits: {plan.limits.join(', ')}.</p>
              )}
            </article>
          ))}
        </div>
      </LandingSection>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title" className="cta__title">Ready to make care a little easier?</h2>
        <p className="cta__text">Start with the Free plan and upgrade whenever your family needs more.</p>
        {/* Full navigation: the server sends the visitor on to the sign-in page. */}
        <a className="plain-button plain-button--large cta__button" href="/api/login">
          Get Started Free
        </a>
      </section>
    </div>
  );
}
