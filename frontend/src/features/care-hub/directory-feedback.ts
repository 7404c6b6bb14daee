import type { FormInstance } from 'antd';
import { isSessionExpired, reasonOf } from '../../shared/api/api-error';
import { showServerErrors } from '../../shared/ui/form-server-errors';
import { toast } from '../../shared/ui/toast';
import type { DirectoryTexts } from './texts';

function failed(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/**
 * Saves a dialog's entry with the spec's toasts. A field the server refused gets its message under
 * the field; a reason no field took (a limit reached) is answered for the dialog to show, since the
 * spec's error toast has a fixed text. Answers whether the save succeeded.
 */
export async function saveEntry(options: {
  run: () => Promise<unknown>;
  editing: boolean;
  texts: DirectoryTexts;
  form: FormInstance;
  fields: readonly string[];
  onReason: (reason: string | undefined) => void;
}): Promise<boolean> {
  const { run, editing, texts, form, fields, onReason } = options;
  onReason(undefined);
  try {
    await run();
    toast({ ...(editing ? texts.updated : texts.added), variant: 'success' });
    return true;
  } catch (error) {
    onReason(showServerErrors(form, error, fields));
    if (!isSessionExpired(error)) failed(editing ? texts.updateFailed : texts.addFailed);
    return false;
  }
}

/**
 * Deletes at once (no confirmation, spec document 3, section 4); the deleted toast offers Undo,
 * which restores the entry.
 */
export async function removeEntry(options: {
  remove: () => Promise<unknown>;
  restore: () => Promise<unknown>;
  texts: DirectoryTexts;
}): Promise<void> {
  const { remove, restore, texts } = options;
  try {
    await remove();
  } catch (error) {
    if (!isSessionExpired(error)) failed(texts.deleteFailed);
    return;
  }
  const undo = async () => {
    try {
      await restore();
      toast({ title: texts.restored, variant: 'success' });
    } catch (error) {
      if (!isSessionExpired(error)) failed(reasonOf(error) ?? texts.restoreFailed);
    }
  };
  toast({ ...texts.deleted, variant: 'success', action: { label: 'Undo', onClick: () => void undo() } });
}
