import { RecipientDirectoryPage } from '../components/recipient-directory';

/** /care-hub/family-support: one care recipient's support people. */
export default function FamilySupportPage() {
  return <RecipientDirectoryPage kind="familySupport" />;
}
