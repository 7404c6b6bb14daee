import { HomeOutlined, MedicineBoxOutlined, SettingOutlined, TeamOutlined } from '../../shared/ui/icons';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QuickAddMenu } from './quick-add-menu';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  isActive: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

// Spec document 2, section 2: Today, Care Hub, Quick Add, Groups, Settings. Groups is active for
// /groups and any path below it (spec document 3).
const LEFT: NavItem[] = [
  { to: '/', label: 'Today', icon: <HomeOutlined />, isActive: (pathname) => pathname === '/' },
  { to: '/care-hub', label: 'Care Hub', icon: <MedicineBoxOutlined />, isActive: under('/care-hub') },
];
const RIGHT: NavItem[] = [
  { to: '/groups', label: 'Groups', icon: <TeamOutlined />, isActive: under('/groups') },
  {
    to: '/settings',
    label: 'Settings',
    icon: <SettingOutlined />,
    isActive: (pathname) => under('/settings')(pathname) || under('/calendar')(pathname),
  },
];

function NavEntry({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = item.isActive(pathname);
  return (
    <Link
      to={item.to}
      className={active ? 'bottom-nav__item bottom-nav__item--active' : 'bottom-nav__item'}
      aria-current={active ? 'page' : undefined}
    >
      <span className="bottom-nav__icon" aria-hidden>
        {item.icon}
      </span>
      <span className="bottom-nav__label">{item.label}</span>
    </Link>
  );
}

/** Fixed bottom navigation of the signed-in pages (spec document 2, section 2). */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Main">
      {LEFT.map((item) => (
        <NavEntry key={item.to} item={item} pathname={pathname} />
      ))}
      <QuickAddMenu />
      {RIGHT.map((item) => (
        <NavEntry key={item.to} item={item} pathname={pathname} />
      ))}
    </nav>
  );
}
