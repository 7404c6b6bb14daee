import {
  AlertOutlined,
  BankOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  MedicineBoxOutlined,
  ReadOutlined,
  RightOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import '../care-hub.css';

interface MenuCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  tone: string;
}

/** The seven cards, in the spec's order (document 3, section 2). */
const CARDS: MenuCard[] = [
  {
    to: 'emergency-contacts',
    title: 'Emergency Contacts',
    description: '911, Poison Control, custom contacts',
    icon: <AlertOutlined />,
    tone: 'red',
  },
  { to: 'nearby-care', title: 'Nearby Care', description: 'Closest ERs and urgent care', icon: <EnvironmentOutlined />, tone: 'blue' },
  {
    to: 'doctors',
    title: 'Doctors & Specialists',
    description: 'Names, specialties and phone numbers',
    icon: <MedicineBoxOutlined />,
    tone: 'green',
  },
  { to: 'school-daycare', title: 'School & Daycare', description: 'School and daycare contacts', icon: <ReadOutlined />, tone: 'orange' },
  {
    to: 'family-support',
    title: 'Family Support',
    description: 'School nurses, therapists, social workers',
    icon: <TeamOutlined />,
    tone: 'purple',
  },
  { to: 'pharmacy', title: 'Pharmacy Locations', description: 'Pharmacies you use', icon: <BankOutlined />, tone: 'teal' },
  { to: 'care-notes', title: 'Care Instructions / Notes', description: 'General reminders', icon: <FileTextOutlined />, tone: 'gray' },
];

/** /care-hub: the menu of the Care Hub's screens and what it is (not) for. */
export default function CareHubMenuPage() {
  useDocumentTitle('Care Hub');
  return (
    <div className="page care-hub">
      <h1 className="page__title">Care Hub</h1>
      <ul className="care-hub-menu">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="care-hub-menu__card">
              <span className={`icon-box care-hub-menu__icon care-hub-menu__icon--${card.tone}`} aria-hidden>
                {card.icon}
              </span>
              <span className="care-hub-menu__text">
                <span className="care-hub-menu__title">{card.title}</span>
                <span className="care-hub-menu__description">{card.description}</span>
              </span>
              <RightOutlined className="care-hub-menu__chevron" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <footer className="care-hub-footer">
        The Care Hub is for contacts and general notes only. It is not a medical record system: please avoid entering
        protected health information (PHI).
      </footer>
    </div>
  );
}
