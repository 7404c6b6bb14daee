import type { ContactKind } from './api';

/** The Care Hub's toast texts (spec document 3, section 8), one set per kind. */
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

/**
 * The spec's sentences for one kind: `title` starts the toast titles ("Doctor added"; the contact's
 * are capitalised, "Contact Added"), `subject` the descriptions, `noun` the failures.
 */
function directoryTexts(title: string, subject: string, noun: string, capitalised = false): DirectoryTexts {
  const done = (verb: string) => `${title} ${capitalised ? verb[0].toUpperCase() + verb.slice(1) : verb}`;
  const toast = (verb: string) => ({ title: done(verb), description: `${subject} has been ${verb} successfully.` });
  const failed = (verb: string) => `Failed to ${verb} ${noun}. Please try again.`;
  return {
    added: toast('added'),
    updated: toast('updated'),
    deleted: toast('deleted'),
    restored: done('restored'),
    addFailed: failed('add'),
    updateFailed: failed('update'),
    deleteFailed: failed('delete'),
    restoreFailed: failed('restore'),
  };
}

export const CONTACT_TEXTS: Record<ContactKind, DirectoryTexts> = {
  emergencyContact: directoryTexts('Contact', 'Emergency contact', 'emergency contact', true),
  doctor: directoryTexts('Doctor', 'The doctor', 'doctor'),
  familySupport: directoryTexts('Support resource', 'The family support resource', 'support resource'),
};
