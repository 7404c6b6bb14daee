import { ArrowLeftOutlined } from '@ant-design/icons';
import type { GroupDetail } from '@carecircle/libs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { GroupIcon, membersText } from './group-icon';
import { GroupRules } from './group-rules';

/**
 * The top of a group's page: back to Support Groups, the group's icon, colour, name and members, its
 * description and rules (folded on a phone, open on a larger screen), then `children` (Join Group or
 * New post). `compact` (the post page,
 * whose h1 is the post's title): only the way back to the group.
 */
export function GroupHeader({ group, children, compact = false }: { group: GroupDetail; children?: ReactNode; compact?: boolean }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <header className="group-header" style={{ ['--group-color' as string]: group.color }}>
      <Link to={compact ? `/groups/${group.id}` : '/groups'} className="group-header__back">
        <ArrowLeftOutlined aria-hidden /> {compact ? group.name : 'Support Groups'}
      </Link>
      {!compact && (
        <>
          <div className="group-card__head">
            <GroupIcon icon={group.icon} />
            <div className="group-card__titles">
              <h1 className="group-header__name">{group.name}</h1>
              <span className="group-card__members">{membersText(group.memberCount)}</span>
            </div>
          </div>
          <p className="group-card__description">{group.description}</p>
          {/* Keyed by the screen size so it opens or folds when the screen changes, and stays as the reader left it otherwise. */}
          <GroupRules key={phone ? 'phone' : 'wide'} rules={group.rules} open={!phone} />
          {children}
        </>
      )}
    </header>
  );
}
