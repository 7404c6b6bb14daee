import { Skeleton } from 'antd';

/** Three placeholder cards while a list of posts or groups loads, in that list's own markup. */
export function CardSkeletons({ listClass, cardClass, label, avatar = false }: { listClass: string; cardClass: string; label: string; avatar?: boolean }) {
  return (
    <ul className={listClass} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <li key={i} className={cardClass}>
          <Skeleton avatar={avatar} active title paragraph={{ rows: 2 }} />
        </li>
      ))}
    </ul>
  );
}
