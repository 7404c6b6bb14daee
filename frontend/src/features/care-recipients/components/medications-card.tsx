import { DeleteOutlined, EditOutlined, MedicineBoxOutlined, PlusOutlined, WarningOutlined } from '../../../shared/ui/icons';
import type { Child, Medication } from '@carecircle/libs';
import { Suspense, useState } from 'react';
import { useHasBeenTrue } from '../../../shared/hooks/use-has-been-true';
import { usePrefetchOnInteraction } from '../../../shared/hooks/use-prefetch-on-interaction';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd';
import { PlainButton } from '../../../shared/ui/plain-button';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';
import { useGetMedicationsQuery } from '../api';
import { recipientName } from '../recipient-name';
import { stockSummary } from '../stock-summary';
import './medication-stock.css';
import { LoadError } from '../../../shared/ui/load-error';
import { SectionHeader } from '../../../shared/ui/section-header';
import { dataAndStatus } from '../../../app/hooks';

// Dialogs load on demand (prefetched at the user's first touch or key press) to keep the home screen's first load small,
// with antd's theme beside them (the home screen's first paint loads no antd).
const loadFormDialog = () => import('./medication-form-dialog');
const loadRemoveDialog = () => import('./remove-medication-dialog');
const loadRefillDialog = () => import('./refill-dialog');
const MedicationFormDialog = lazyWithAntd(() => loadFormDialog().then((m) => ({ default: m.MedicationFormDialog })));
const RemoveMedicationDialog = lazyWithAntd(() => loadRemoveDialog().then((m) => ({ default: m.RemoveMedicationDialog })));
const RefillDialog = lazyWithAntd(() => loadRefillDialog().then((m) => ({ default: m.RefillDialog })));
const DIALOG_LOADERS = [loadFormDialog, loadRemoveDialog, loadRefillDialog];

interface Props {
  recipient: Child;
}

/** The dose and, when known, the product's strength: "2.5 ml · 100 mg/mL". */
export const medicationDose = (medication: Pick<Medication, 'dosage' | 'strength'>) =>
  medication.strength ? `${medication.dosage} · ${medication.strength}` : medication.dosage;

/** The selected recipient's medications: name, dosage, instructions, stock; add, edit, refill and stop (remove). */
export function MedicationsCard({ recipient }: Props) {
  const { data: medications, isLoading, isError, refetch } = useGetMedicationsQuery(recipient.id, { selectFromResult: dataAndStatus });
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the form closes so its title and fields do not flip to "add" mid-animation.
  const [editing, setEditing] = useState<Medication | undefined>(undefined);
  const openForm = (medication?: Medication) => {
    setEditing(medication);
    setFormOpen(true);
  };
  const [removing, setRemoving] = useState<Medication | null>(null);
  const canEdit = recipient.canEdit;
  const headingId = `medications-${recipient.id}`;
  const formMounted = useHasBeenTrue(formOpen);
  const removeMounted = useHasBeenTrue(removing !== null);
  const [refilling, setRefilling] = useState<Medication | null>(null);
  const refillMounted = useHasBeenTrue(refilling !== null);
  usePrefetchOnInteraction(DIALOG_LOADERS);

  return (
    <section className="section-card" aria-labelledby={headingId}>
      <SectionHeader block="section-card" titleId={headingId} icon={<MedicineBoxOutlined aria-hidden />} title="Medications">
        {canEdit && (
          <PlainButton icon={<PlusOutlined />} onClick={() => openForm()}>
            Add Medication
          </PlainButton>
        )}
      </SectionHeader>
      {isLoading ? (
        <PlainSkeleton title={false} rows={2} />
      ) : isError && !medications ? (
        <LoadError title="Could not load medications." onRetry={() => refetch()} />
      ) : !medications || medications.length === 0 ? (
        <p className="muted section-card__empty">
          No medications added yet.
        </p>
      ) : (
        <ul className="medication-list" aria-label={`${recipientName(recipient)}'s medications`}>
          {medications.map((medication) => {
            const stock = stockSummary(medication);
            return (
              <li key={medication.id} className="medication-list__item">
                <div className="medication-list__text">
                  <span className="medication-list__name">{medication.name}</span>
                  <span className="medication-list__dosage">{medicationDose(medication)}</span>
                  {medication.instructions && (
                    <span className="medication-list__instructions">{medication.instructions}</span>
                  )}
                  {stock && (
                    <span className={stock.low ? 'medication-list__stock medication-list__stock--low' : 'medication-list__stock'}>
                      {stock.low && <WarningOutlined aria-hidden />} {stock.text}
                      {stock.low && <span className="medication-list__refill-soon"> · Refill soon</span>}
                    </span>
                  )}
                </div>
                {canEdit && (
                  <div className="medication-list__actions">
                    <PlainButton size="small" onClick={() => setRefilling(medication)} aria-label={`Refill ${medication.name}`}>
                      Refill
                    </PlainButton>
                    <PlainButton
                      variant="text"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${medication.name}`}
                      onClick={() => openForm(medication)}
                    />
                    <PlainButton
                      variant="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove ${medication.name}`}
                      onClick={() => setRemoving(medication)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Suspense fallback={null}>
        {formMounted && (
          <MedicationFormDialog
            open={formOpen}
            childId={recipient.id}
            medication={editing}
            onClose={() => setFormOpen(false)}
          />
        )}
        {refillMounted && <RefillDialog medication={refilling} onClose={() => setRefilling(null)} />}
        {removeMounted && (
          <RemoveMedicationDialog recipient={recipient} medication={removing} onClose={() => setRemoving(null)} />
        )}
      </Suspense>
    </section>
  );
}
