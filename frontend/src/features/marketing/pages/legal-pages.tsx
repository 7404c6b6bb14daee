import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

/** /privacy: what CareCircle keeps about a family, and how it is protected and erased. */
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="legal-page">
      <h1>Privacy Policy</h1>
      <p>CareCircle helps a family coordinate daily care. This page says what it keeps and what it does with it.</p>
      <h2>What we keep</h2>
      <ul>
        <li>Your account: name, email address, time zone and a hash of your password (never the password itself).</li>
        <li>
          The people you care for and their care plan: names, dates of birth, notes, medications, tasks, appointments and who
          completed what and when.
        </li>
        <li>Security events of your account (sign-ins, failed sign-ins, access shared or revoked), which you can read under Settings, Account.</li>
      </ul>
      <p>CareCircle is a coordination tool, not a medical record. Keep only what the care team needs to know.</p>
      <h2>Who sees it</h2>
      <p>
        Only you and the caregivers you share a person with; each sees only the people shared with them. We do not sell data,
        show advertising or use tracking cookies. The only cookie is the one that keeps you signed in.
      </p>
      <h2>How it is protected</h2>
      <p>
        Personal details in the care history are encrypted with a key per person. When you delete your account (Settings,
        Account) or remove a person, their key is destroyed and their data is removed, so it cannot be read back, not even
        from backups of the history.
      </p>
    </article>
  );
}

/** /terms: the plain terms of using CareCircle. */
export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <article className="legal-page">
      <h1>Terms of Service</h1>
      <ul>
        <li>CareCircle helps you organise care. It does not give medical advice; follow your care team&apos;s instructions.</li>
        <li>Reminders and alerts can be late or missed (a phone offline, a closed browser). Do not rely on them alone for critical doses.</li>
        <li>Keep your password to yourself. Share a person&apos;s care only with people who should see it.</li>
        <li>What you enter stays yours. You can delete your account and its data at any time under Settings, Account.</li>
      </ul>
    </article>
  );
}
