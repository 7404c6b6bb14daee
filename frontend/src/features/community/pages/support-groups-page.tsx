import { TeamOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { COMMUNITY_TEXT, type SupportGroup } from '@carecircle/libs';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadError } from '../../../shared/ui/load-error';
import { toast } from '../../../shared/ui/toast';
import { useGetGroupsQuery, useGetMyGroupsQuery, useJoinGroupMutation, useLeaveGroupMutation } from '../api';
import { CardSkeletons } from '../components/card-skeletons';
import { GroupCard } from '../components/group-card';
import '../community.css';

type Tab = 'available' | 'mine';

function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="groups-empty">
      <TeamOutlined className="groups-empty__icon" aria-hidden />
      <h2 className="groups-empty__title">{title}</h2>
      {children}
    </div>
  );
}

/** /groups: the Support Groups screen (spec document 3): every group, and the ones the user has joined. */
export default function SupportGroupsPage() {
  useDocumentTitle('Support Groups');
  const [tab, setTab] = useState<Tab>('available');
  const groups = useGetGroupsQuery();
  const mine = useGetMyGroupsQuery();
  const [join] = useJoinGroupMutation();
  const [leave] = useLeaveGroupMutation();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<unknown>, done: { title: string; description: string }, failed: string) => {
    setBusy(id);
    try {
      await action();
      void toast({ ...done, variant: 'success' });
    } catch (error) {
      void toast({ title: failed, description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const onJoin = (group: SupportGroup) => run(group.id, () => join(group.id).unwrap(), COMMUNITY_TEXT.joined, COMMUNITY_TEXT.joinFailed);
  const onLeave = (group: SupportGroup) => run(group.id, () => leave(group.id).unwrap(), COMMUNITY_TEXT.left, COMMUNITY_TEXT.leaveFailed);

  const list = (query: typeof groups, empty: React.ReactNode) => {
    if (query.isLoading) return <CardSkeletons listClass="group-list" cardClass="group-card" label="Loading groups" avatar />;
    if (query.isError || !query.data) return <LoadError title="Could not load the groups." onRetry={() => void query.refetch()} />;
    if (query.data.length === 0) return empty;
    return (
      <ul className="group-list">
        {query.data.map((group) => (
          <GroupCard key={group.id} group={group} busy={busy === group.id} onJoin={() => void onJoin(group)} onLeave={() => void onLeave(group)} />
        ))}
      </ul>
    );
  };

  return (
    <div className="page support-groups">
      <h1 className="page__title">Support Groups</h1>
      <p className="support-groups__subtitle">Connect with families who understand your journey</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'available', label: 'Available Groups', children: list(groups, <Empty title="No Groups Available" />) },
          {
            key: 'mine',
            label: `My Groups (${mine.data?.length ?? 0})`,
            children: list(
              mine,
              <Empty title="No Groups Joined Yet">
                <p className="groups-empty__text">Join a group to share experiences with families like yours.</p>
                <Button type="primary" onClick={() => setTab('available')}>
                  Browse Available Groups
                </Button>
              </Empty>,
            ),
          },
        ]}
      />
    </div>
  );
}
