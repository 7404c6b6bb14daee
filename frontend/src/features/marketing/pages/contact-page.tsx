import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { BellOutlined, ClockCircleOutlined, HeartOutlined, LockOutlined, MedicineBoxOutlined, MobileOutlined, TeamOutlined } from '../../../shared/ui/public-icons';
import { ContactForm } from '../components/contact-form';
import { FeatureCard } from '../components/feature-card';
import { PageIntro } from '../components/page-intro';
import { PageSection, SignUpCallToAction } from '../components/page-section';
import '../marketing.css';

/** Where a question goes, with the page that already answers part of it. */
const FAQ_CATEGORIES: { icon: ReactNode; title: string; text: string; link?: { to: string; label: string } }[] = [
  { icon: <HeartOutlined />, title: 'Getting started', text: 'Adding the people you care for, their medications and their daily tasks.', link: { to: '/features', label: 'See the features' } },
  { icon: <MedicineBoxOutlined />, title: 'Medications and schedules', text: 'Repeating schedules, early or missed doses, stock and refills.' },
  { icon: <BellOutlined />, title: 'Reminders and notifications', text: 'Push, email and in-app reminders, quiet hours and urgent alerts.' },
  { icon: <TeamOutlined />, title: 'Care team and sharing', text: 'Inviting caregivers, what each of them sees, and edit rights.' },
  { icon: <LockOutlined />, title: 'Privacy and your data', text: 'Who sees what, exporting your data and deleting your account.', link: { to: '/privacy', label: 'Read the Privacy Policy' } },
  { icon: <ClockCircleOutlined />, title: 'Plans and billing', text: 'The free trial, changing plans and cancelling.', link: { to: '/pricing', label: 'See the plans' } },
];

/** /contact: the contact form, the other ways to reach us, our hours, and help by topic. */
export default function ContactPage() {
  useDocumentTitle('Contact');
  const navigate = useNavigate();
  return (
    <div className="landing">
      <PageIntro title="Contact us">Questions, ideas or a problem with the app: we answer every message within 24 hours.</PageIntro>
      <div className="contact-layout">
        <PageSection id="message" title="Send us a message">
          <ContactForm />
        </PageSection>
        <div>
          <PageSection id="channels" title="Other ways to reach us">
            <div className="contact-cards">
              <FeatureCard title="Email support" text="Every plan: an answer within 24 hours. Standard’s priority email support answers within 4 hours." />
              <FeatureCard title="Phone support" text="Premium Family’s priority phone support, within 4 hours." />
              <FeatureCard title="Live chat" text="For families with an account: sign in to reach us.">
                <button type="button" className="plain-button contact-cards__button" onClick={() => navigate('/login')}>
                  <MobileOutlined /> Access Live Chat
                </button>
              </FeatureCard>
            </div>
          </PageSection>
          <PageSection id="hours" title="Office and business hours">
            <dl className="hours">
              <dt>Office</dt>
              <dd>We work remotely: there is no office open to visitors.</dd>
              <dt>Business hours</dt>
              <dd>Monday to Friday, 9:00 to 17:00 Pacific Time</dd>
              <dt>Outside those hours</dt>
              <dd>Messages are answered within 24 hours.</dd>
            </dl>
          </PageSection>
        </div>
      </div>
      <PageSection id="topics" title="Help by topic">
        <div className="feature-grid feature-grid--three">
          {FAQ_CATEGORIES.map(({ link, ...category }) => (
            <FeatureCard key={category.title} {...category}>
              {link && (
                <Link className="feature-card__link" to={link.to}>
                  {link.label}
                </Link>
              )}
            </FeatureCard>
          ))}
        </div>
      </PageSection>
      <SignUpCallToAction />
    </div>
  );
}
