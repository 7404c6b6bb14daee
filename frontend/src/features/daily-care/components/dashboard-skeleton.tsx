import { Skeleton } from 'antd';

export function DashboardSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-label="Loading">
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '60%' }} />
      <div className="section-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    </div>
  );
}
