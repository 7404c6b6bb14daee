import { BulbOutlined, ExperimentOutlined, HeartOutlined, HomeOutlined, MedicineBoxOutlined, SmileOutlined, TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { GROUP_CATEGORY_LABELS, type GroupIcon, type SupportGroup } from '@carecircle/libs';
import type { ReactNode } from 'react';

/** The icon of each group (libs GROUP_DEFINITIONS names them). */
const ICONS: Record<GroupIcon, ReactNode> = {
  puzzle: <BulbOutlined />,
  kidney: <ExperimentOutlined />,
  drop: <MedicineBoxOutlined />,
  brain: <TeamOutlined />,
  heart: <HeartOutlined />,
  mind: <SmileOutlined />,
  family: <HomeOutlined />,
};

const members = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/**
 * One group: its icon and colour, name, description, members, category, and Join Group or Leave
 * Group. A member also sees View Posts, which waits for the group's posts (the next step of issue 26).
 */
export function GroupCard({ group, busy, onJoin, onLeave }: { group: SupportGroup; busy: boolean; onJoin: () => void; onLeave: () => void }) {
  const titleId = `group-${group.id}`;
  const postsNoteId = `group-${group.id}-posts`;
  return (
    <li className="group-card" aria-labelledby={titleId} style={{ ['--group-color' as string]: group.color }}>
      <div className="group-card__head">
        <span className="group-card__icon" aria-hidden>
          {ICONS[group.icon as GroupIcon] ?? <TeamOutlined />}
        </span>
        <div className="group-card__titles">
          <h2 className="group-card__name" id={titleId}>
            {group.name}
          </h2>
          <span className="group-card__members">{members(group.memberCount)}</span>
        </div>
      </div>
      <p className="group-card__description">{group.description}</p>
      <span className="group-card__badge">{GROUP_CATEGORY_LABELS[group.category]}</span>
      {group.rules.length > 0 && (
        <details className="group-card__rules">
          <summary>Group rules</summary>
          <ul>
            {group.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="group-card__actions">
        {group.isMember ? (
          <>
            <Button disabled aria-describedby={postsNoteId}>
              View Posts
            </Button>
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
      {group.isMember && (
        <p className="group-card__note" id={postsNoteId}>
          Group posts are coming soon.
        </p>
      )}
    </li>
  );
}
