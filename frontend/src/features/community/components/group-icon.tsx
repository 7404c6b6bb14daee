import { BulbOutlined, ExperimentOutlined, HeartOutlined, HomeOutlined, MedicineBoxOutlined, SmileOutlined, TeamOutlined } from '@ant-design/icons';
import type { GroupIcon as GroupIconName } from '@carecircle/libs';
import type { ReactNode } from 'react';

/** The icon of each group (libs GROUP_DEFINITIONS names them). */
const ICONS: Record<GroupIconName, ReactNode> = {
  puzzle: <BulbOutlined />,
  kidney: <ExperimentOutlined />,
  drop: <MedicineBoxOutlined />,
  brain: <TeamOutlined />,
  heart: <HeartOutlined />,
  mind: <SmileOutlined />,
  family: <HomeOutlined />,
};

/** A group's icon on its colour (the card's and the group page's header), hidden from screen readers. */
export function GroupIcon({ icon }: { icon: string }) {
  return (
    <span className="icon-box group-card__icon" aria-hidden>
      {ICONS[icon as GroupIconName] ?? <TeamOutlined />}
    </span>
  );
}

export const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;
