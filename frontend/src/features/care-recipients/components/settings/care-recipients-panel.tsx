import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Child } from '@carecircle/libs';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHasBeenTrue } from '../../../../shared/hooks/use-has-been-true';
import { useGetChildrenQuery } from '../../../../app/base-api';
import { recipientName } from '../../recipient-name';
import { MedicationsCard } from '../medications-card';
import { RemoveRecipientDialog } from '../remove-recipient-dialog';
import { EditRecipientDialog } from './edit-recipient-dialog';
import { RecipientCard } from './recipient-card';
import './care-recipients-settings.css';
import { LoadError } from '../../../../shared/ui/load-error';
import { SectionHeader } from '../../../../shared/ui/section-header';

// The 3-step dialog and its review load when first opened.
const AddPersonDialog = lazy(() => import('./add-person-dialog').then((m) => ({ default: m.AddPersonDialog })));

/**
 * The settings area's Care Recipients panel (spec document 1, section 2): recipient cards with edit,
 * medications and delete; Add Person (or Add Your First Care Recipient) opens the 3-step dialog.
 * `schedulesDialog`, given by the app, shows a recipient's repeating schedules (daily care's screen);
 * `firstRecipientDialog` is the onboarding wizard that Add Your First Care Recipient opens (spec document 1).
 */
export function CareRecipientsPanel({
  userId,
  schedulesDialog,
  firstRecipientDialog,
}: {
  /** The signed-in user: Delete is offered only on the recipients she is the primary caregiver of (the server's rule). */
  userId?: string;
  schedulesDialog?: (child: Child, onClose: () => void) => ReactNode;
  firstRecipientDialog?: (onClose: () => void) => ReactNode;
} = {}) {
  const { data: recipients, isLoading, isError, refetch } = useGetChildrenQuery();
  const [adding, setAdding] = useState(false);
  const addingMounted = useHasBeenTrue(adding);
  const [editing, setEditing] = useState<Child | null>(null);
  const [removing, setRemoving] = useState<Child | null>(null);
  const [scheduling, setScheduling] = useState<Child | null>(null);
  const [onboarding, setOnboarding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const medicationsRef = useRef<HTMLDivElement>(null);
  const [focusMedications, setFocusMedications] = useState(false);
  const list = recipients ?? [];
  const selected = list.find((child) => child.id === selectedId) ?? null;

  // After "Medications", bring the panel into view and move focus there (keyboard and screen-reader users).
  useEffect(() => {
    if (!focusMedications || !selected) return;
    medicationsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    medicationsRef.current?.focus({ preventScroll: true });
    setFocusMedications(false);
  }, [focusMedications, selected]);

  const addButton = (label: string, icon = <PlusOutlined />) => (
    <Button type="primary" icon={icon} onClick={() => setAdding(true)}>
      {label}
    </Button>
  );

  return (
    <section className="care-recipients-panel" aria-labelledby="care-recipients-title">
      <SectionHeader block="care-recipients-panel" titleId="care-recipients-title" title="Care Recipients">
        {list.length > 0 && addButton('Add Person')}
      </SectionHeader>
      {isLoading ? (
        <div aria-busy="true" aria-label="Loading care recipients">
          <Skeleton active avatar paragraph={{ rows: 2 }} />
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        </div>
      ) : isError && !recipients ? (
        <LoadError title="Could not load care recipients." onRetry={() => refetch()} />
      ) : list.length === 0 ? (
        <div className="empty-block">
          <UserAddOutlined className="empty-block__icon" aria-hidden />
          <p className="muted">Add the person you care for, with their medication schedule and daily routine.</p>
          {firstRecipientDialog ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOnboarding(true)}>
              Add Your First Care Recipient
            </Button>
          ) : (
            addButton('Add Your First Care Recipient', <UserAddOutlined />)
          )}
        </div>
      ) : (
        <div className="recipient-cards">
          {list.map((child) => (
            <RecipientCard
              key={child.id}
              recipient={child}
              selected={child.id === selectedId}
              onEdit={() => setEditing(child)}
              onManageMedications={() => {
                setSelectedId(child.id);
                setFocusMedications(true);
              }}
              onDelete={child.primaryCaregiverId === userId ? () => setRemoving(child) : undefined}
              onSchedules={schedulesDialog && (() => setScheduling(child))}
            />
          ))}
        </div>
      )}
      {selected && (
        <div
          ref={medicationsRef}
          tabIndex={-1}
          className="care-recipients-panel__medications"
          aria-label={`Medications for ${recipientName(selected)}`}
          role="region"
        >
          <p className="care-recipients-panel__medications-for">
            Medications for <strong>{recipientName(selected)}</strong>
          </p>
          <MedicationsCard recipient={selected} />
        </div>
      )}
      <Suspense fallback={null}>
        {addingMounted && (
          <AddPersonDialog open={adding} onClose={() => setAdding(false)} onAdded={(child) => setSelectedId(child.id)} />
        )}
      </Suspense>
      {scheduling && schedulesDialog?.(scheduling, () => setScheduling(null))}
      {onboarding && firstRecipientDialog?.(() => setOnboarding(false))}
      <EditRecipientDialog recipient={editing} onClose={() => setEditing(null)} />
      <RemoveRecipientDialog
        recipient={removing}
        variant="settings"
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
