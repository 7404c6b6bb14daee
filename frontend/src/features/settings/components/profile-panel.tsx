import { RightOutlined, TeamOutlined } from '@ant-design/icons';
import { joinFullName, type User } from '@carecircle/libs';
import { Avatar } from 'antd';
import { Link } from 'react-router-dom';
import { CARE_RECIPIENTS_SETTINGS_PATH } from '../settings-tabs';
import { PrayerSettings } from '../prayer/prayer-settings';
import { ProfileForm } from './profile-form';

function initials(user: User): string {
  const text = `${(user.firstName ?? '').trim().charAt(0)}${(user.lastName ?? '').trim().charAt(0)}`;
  return (text || user.email.charAt(0)).toUpperCase();
}

/** Profile tab: who is signed in, their subscription's state, their name and time zone, Prayer Settings, and the way to the Care Recipients panel. */
export function ProfilePanel({ user }: { user: User }) {
  const name = joinFullName(user.firstName ?? '', user.lastName ?? '');
  return (
    <>
      <section className="section-card settings-profile" aria-label="Profile">
        <Avatar size={64} className="settings-profile__avatar initials-avatar" aria-hidden>
          {initials(user)}
        </Avatar>
        <div className="person-text">
          {name && <h2 className="settings-profile__name">{name}</h2>}
          <span className="muted">{user.email}</span>
          <span className={user.subscriptionActive ? 'status-badge status-badge--on' : 'status-badge'}>
            {user.subscriptionActive ? 'Active Subscription' : 'No Subscription'}
          </span>
        </div>
      </section>
      <section className="section-card" aria-labelledby="settings-profile-form-title">
        <h2 id="settings-profile-form-title" className="section-card__title settings-profile__form-title">
          Personal Information
        </h2>
        <ProfileForm user={user} />
      </section>
      <PrayerSettings user={user} />
      <section className="section-card" aria-labelledby="settings-recipients-title">
        <h2 id="settings-recipients-title" className="section-card__title">
          <TeamOutlined aria-hidden /> Care Recipients
        </h2>
        <p className="muted">The people you care for, their medications and their daily care schedule.</p>
        <Link to={CARE_RECIPIENTS_SETTINGS_PATH} className="settings-link">
          Manage Care Recipients <RightOutlined aria-hidden />
        </Link>
      </section>
    </>
  );
}
