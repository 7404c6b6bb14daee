/** The Care Hub's toast texts (spec document 3, section 8), one set per directory. */
export interface ToastText {
  title: string;
  description: string;
}

export interface DirectoryTexts {
  added: ToastText;
  updated: ToastText;
  deleted: ToastText;
  restored: string;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
  restoreFailed: string;
}

export const CONTACT_TEXTS: DirectoryTexts = {
  added: { title: 'Contact Added', description: 'Emergency contact has been added successfully.' },
  updated: { title: 'Contact Updated', description: 'Emergency contact has been updated successfully.' },
  deleted: { title: 'Contact Deleted', description: 'Emergency contact has been deleted successfully.' },
  restored: 'Contact Restored',
  addFailed: 'Failed to add emergency contact. Please try again.',
  updateFailed: 'Failed to update emergency contact. Please try again.',
  deleteFailed: 'Failed to delete emergency contact. Please try again.',
  restoreFailed: 'Failed to restore emergency contact. Please try again.',
};

export const DOCTOR_TEXTS: DirectoryTexts = {
  added: { title: 'Doctor added', description: 'The doctor has been added successfully.' },
  updated: { title: 'Doctor updated', description: 'The doctor has been updated successfully.' },
  deleted: { title: 'Doctor deleted', description: 'The doctor has been deleted successfully.' },
  restored: 'Doctor restored',
  addFailed: 'Failed to add doctor. Please try again.',
  updateFailed: 'Failed to update doctor. Please try again.',
  deleteFailed: 'Failed to delete doctor. Please try again.',
  restoreFailed: 'Failed to restore doctor. Please try again.',
};

export const SUPPORT_TEXTS: DirectoryTexts = {
  added: { title: 'Support resource added', description: 'The family support resource has been added successfully.' },
  updated: { title: 'Support resource updated', description: 'The family support resource has been updated successfully.' },
  deleted: { title: 'Support resource deleted', description: 'The family support resource has been deleted successfully.' },
  restored: 'Support resource restored',
  addFailed: 'Failed to add support resource. Please try again.',
  updateFailed: 'Failed to update support resource. Please try again.',
  deleteFailed: 'Failed to delete support resource. Please try again.',
  restoreFailed: 'Failed to restore support resource. Please try again.',
};
