import { RecipientDirectoryPage } from '../components/recipient-directory';

/** /care-hub/doctors: one care recipient's doctors and specialists. */
export default function DoctorsPage() {
  return <RecipientDirectoryPage kind="doctor" />;
}
