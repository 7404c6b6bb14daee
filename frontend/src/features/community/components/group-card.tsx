import { Button } from 'antd';
import { GROUP_CATEGORY_LABELS, type SupportGroup } from '@carecircle/libs';
import { Link } from 'react-router-dom';
import { GroupIcon, membersText } from './group-icon';
import { GroupRules } from './group-rules';

/**
 * One group: its icon and colour, name, description, members, category, and Join Group or Leave
 * Group. A member also sees View Posts, which opens the group's page.
 */
export function GroupCard({ group, busy, onJoin, onLeave }: { group: SupportGroup; busy: boolean; onJoin: () => void; onLeave: () => void }) {
  const titleId = `group-${group.id}`;
  return (
    <li className="group-card" aria-labelledby={titleId} style={{ ['--group-color' as string]: group.color }}>
      <div className="group-card__head">
        <GroupIcon icon={group.icon} />
        <div className="group-card__titles">
          <h2 className="group-card__name" id={titleId}>
            {group.name}
          </h2>
          <span className="group-card__members">{membersText(group.memberCount)}</span>
        </div>
      </div>
      <p className="group-card__description">{group.description}</p>
      <span className="group-card__badge">{GROUP_CATEGORY_LABELS[group.category]}</span>
      <GroupRules rules={group.rules} />
      <div className="group-card__actions">
        {group.isMember ? (
          <>
            <Link className="group-card__link" to={`/groups/${group.id}`} aria-label={`View Posts of ${group.name}`}>
              View Posts
            </Link>
            <Button danger loading={busy} onClick={onLeave} aria-label={`Leave Group ${group.name}`}>
              Leave Group
            </Button>
          </>
        ) : (
          <Button type="primary" loading={busy} onClick={onJoin} aria-label={`Join Group ${group.name}`}>
            Join Group
          </Button>
        )}
      </div>
    </li>
  );
}
