import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CloseOutlined, MenuOutlined } from '../../shared/ui/public-icons';

/** Sections of the landing page; pages of their own are added here once they exist. */
const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
];

/**
 * Top navigation of the public pages; on small screens the links fold into a menu. Plain buttons, not
 * antd's: the public pages load no antd code (docs/performance.md).
 */
export function TopNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const current = (to: string) => to === `${pathname}${hash}`;
  const linkProps = (to: string, className: string) =>
    current(to) ? { className: `${className} active`, 'aria-current': 'page' as const } : { className };

  useEffect(() => setMenuOpen(false), [pathname, hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
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
        <nav aria-label="Main" className="top-nav__links">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} {...linkProps(link.to, 'top-nav__link')}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="top-nav__actions">
          <button type="button" className="plain-button plain-button--text" onClick={goToLogin}>
            Sign In
          </button>
          <button type="button" className="plain-button plain-button--primary" onClick={goToLogin}>
            Start Free Trial
          </button>
        </div>
        <button
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
          <nav aria-label="Main menu" className="top-nav__menu-links">
            {LINKS.map((link) => (
              <Link key={link.to} to={link.to} {...linkProps(link.to, 'top-nav__menu-link')} onClick={() => setMenuOpen(false)}>
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="top-nav__menu-actions">
            <button type="button" className="plain-button plain-button--large" onClick={goToLogin}>
              Sign In
            </button>
            <button type="button" className="plain-button plain-button--primary plain-button--large" onClick={goToLogin}>
              Start Free Trial
            </button>
          </div>
        </div>
      )}
    </header>
  );
}
