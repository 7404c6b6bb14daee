import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CloseOutlined, MenuOutlined } from '../../shared/ui/public-icons';

/** The public pages (spec document 1, Public pages). */
const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

/** The links, in the bar (wide screens) or in the folded menu; the current one is marked. */
function NavLinks({ inMenu, onNavigate }: { inMenu: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const linkClass = inMenu ? 'top-nav__menu-link' : 'top-nav__link';
  return (
    <nav aria-label={inMenu ? 'Main menu' : 'Main'} className={inMenu ? 'top-nav__menu-links' : 'top-nav__links'}>
      {LINKS.map((link) => {
        const current = link.to === pathname;
        return (
          <Link key={link.to} to={link.to} className={current ? `${linkClass} active` : linkClass} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Sign In and Start Free Trial, both to the sign-in page; large buttons in the folded menu. */
function AccountButtons({ inMenu, onClick }: { inMenu: boolean; onClick: () => void }) {
  return (
    <div className={inMenu ? 'top-nav__menu-actions' : 'top-nav__actions'}>
      <button type="button" className={inMenu ? 'plain-button plain-button--large' : 'plain-button plain-button--text'} onClick={onClick}>
        Sign In
      </button>
      <button type="button" className={inMenu ? 'plain-button plain-button--primary plain-button--large' : 'plain-button plain-button--primary'} onClick={onClick}>
        Start Free Trial
      </button>
    </div>
  );
}

/**
 * Top navigation of the public pages; on small screens the links fold into a menu, which the button
 * opens and closes, as does Escape (focus then goes back to the button), or following one of its links.
 * Plain buttons, not antd's: the public pages load no antd code (docs/performance.md).
 */
export function TopNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname, hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const goToLogin = () => {
    setMenuOpen(false);
    navigate('/login');
  };

  return (
    <header className="top-nav">
      <div className="top-nav__bar">
        <Link to="/" className="top-nav__brand">
          <span className="brand-mark" aria-hidden>
            CC
          </span>
          CareCircle
        </Link>
        <NavLinks inMenu={false} />
        <AccountButtons inMenu={false} onClick={goToLogin} />
        <button
          ref={toggle}
          type="button"
          className="plain-button plain-button--text plain-button--large plain-button--icon top-nav__toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="top-nav-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseOutlined /> : <MenuOutlined />}
        </button>
      </div>
      {menuOpen && (
        <div id="top-nav-menu" className="top-nav__menu">
          <NavLinks inMenu onNavigate={() => setMenuOpen(false)} />
          <AccountButtons inMenu onClick={goToLogin} />
        </div>
      )}
    </header>
  );
}
