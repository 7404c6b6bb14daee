import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useUpdateTimezoneMutation } from '../../../app/base-api';
import { reasonOf } from '../../../shared/api/api-error';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
import { toast } from '../../../shared/ui/toast';
import { useUpdateProfileMutation } from '../api';
import { profileChanges, timezoneLabel, type ProfileValues } from '../profile-values';

/**
 * Update Profile: the names through PATCH /api/user/profile, then the zone through PATCH
 * /api/user/timezone, each only when it changed. Both invalidate the current user, which is fetched
 * again (header, initials). One toast says what was saved (one toast is visible at a time); a refusal
 * puts the server's message under its field and in the toast.
 */
export function useSaveProfile(form: FormInstance<ProfileValues>, stored: ProfileValues) {
  const [updateProfile] = useUpdateProfileMutation();
  const [updateTimezone] = useUpdateTimezoneMutation();
  // One flag for both calls: no moment between them where the button looks done.
  const [saving, setSaving] = useState(false);

  const save = async (draft: ProfileValues) => {
    const { names, namesChanged, zoneChanged } = profileChanges(stored, draft);
    if (!namesChanged && !zoneChanged) return;
    setSaving(true);
    try {
      if (namesChanged) {
        try {
          await updateProfile(names).unwrap();
        } catch (error) {
          reportSaveError(form, error, ['firstName', 'lastName'], { description: reasonOf(error) ?? 'Failed to update profile. Please try again.' });
          return;
        }
        // As stored: the draft no longer differs from what the refetched user will say.
        form.setFields([
          { name: 'firstName', value: names.firstName, touched: false },
          { name: 'lastName', value: names.lastName, touched: false },
        ]);
      }
      if (zoneChanged) {
        try {
          await updateTimezone({ timezone: draft.timezone }).unwrap();
        } catch (error) {
          const reason = reasonOf(error) ?? 'Failed to update time zone. Please try again.';
          reportSaveError(form, error, ['timezone'], { description: namesChanged ? `Your name was saved; the time zone was not. ${reason}` : reason });
          return;
        }
        form.setFields([{ name: 'timezone', value: draft.timezone, touched: false }]);
      }
      const zone = timezoneLabel(draft.timezone);
      if (!zoneChanged) toast({ title: 'Profile Updated', description: 'Your name was saved.', variant: 'success' });
      else if (!namesChanged) toast({ title: 'Timezone Updated', description: `Your time zone is now ${zone}.`, variant: 'success' });
      else toast({ title: 'Profile Updated', description: `Your name and time zone (${zone}) were saved.`, variant: 'success' });
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
