import type { Child, Doctor } from '@carecircle/libs';
import { useDeleteDoctorMutation, useGetDoctorsQuery, useRestoreDoctorMutation } from '../api';
import { DirectoryList } from '../components/directory-list';
import { DoctorCard } from '../components/doctor-card';
import { DoctorDialog } from '../components/doctor-dialog';
import { HubBanner } from '../components/hub-banner';
import { RecipientScope } from '../components/recipient-scope';
import { SubPageHeader } from '../components/sub-page-header';
import { removeEntry } from '../directory-feedback';
import { useEntryDialog } from '../hooks/use-entry-dialog';
import { DOCTOR_TEXTS } from '../texts';
import '../care-hub.css';

const LIST_TEXTS = {
  loading: 'Loading doctors...',
  loadError: 'Could not load the doctors.',
  emptyTitle: 'No Doctors Added Yet',
  emptyText: 'Add the pediatrician and specialists, with their phone numbers, to reach them quickly.',
  add: 'Add Doctor',
};

/** /care-hub/doctors: one care recipient's doctors and specialists. */
export default function DoctorsPage() {
  return (
    <div className="page care-hub">
      <SubPageHeader title="Doctors & Specialists" />
      <HubBanner tone="green">Store only name, specialty, and phone. Do not add medical history.</HubBanner>
      <RecipientScope what="doctors">{(child) => <Doctors key={child.id} child={child} />}</RecipientScope>
    </div>
  );
}

function Doctors({ child }: { child: Child }) {
  const doctors = useGetDoctorsQuery(child.id);
  const [deleteDoctor] = useDeleteDoctorMutation();
  const [restoreDoctor] = useRestoreDoctorMutation();
  const dialog = useEntryDialog<Doctor>();
  const remove = (doctor: Doctor) =>
    removeEntry({
      remove: () => deleteDoctor({ id: doctor.id, childId: child.id }).unwrap(),
      restore: () => restoreDoctor({ id: doctor.id, childId: child.id }).unwrap(),
      texts: DOCTOR_TEXTS,
    });

  return (
    <>
      <DirectoryList
        query={doctors}
        label="Doctors"
        texts={LIST_TEXTS}
        canEdit={child.canEdit}
        onAdd={() => dialog.show()}
        renderItem={(doctor) => (
          <DoctorCard
            key={doctor.id}
            doctor={doctor}
            canEdit={child.canEdit}
            onEdit={() => dialog.show(doctor)}
            onDelete={() => void remove(doctor)}
          />
        )}
      />
      {dialog.mounted && (
        <DoctorDialog key={dialog.openings} open={dialog.open} childId={child.id} doctor={dialog.subject} onClose={dialog.close} />
      )}
    </>
  );
}
