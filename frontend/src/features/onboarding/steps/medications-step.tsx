import { TEXT_MAX } from '@carecircle/libs';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { dismissToast, toast } from '../../../shared/ui/toast';
import { draftKey, MEDICATION_TIME_PRESETS, ONBOARDING_MESSAGES, REPEAT_OPTIONS, type MedicationDraft, type Repeat } from '../onboarding-draft';
import { CustomDaysDialog } from './custom-days-dialog';
import { DraftList, DraftNameItem } from './draft-fields';
import { TimesPicker } from './times-picker';

interface Props {
  medications: MedicationDraft[];
  today: string;
  onChange: (medications: MedicationDraft[]) => void;
}

const blank = (today: string): MedicationDraft => ({ key: '', name: '', dose: '', times: [], repeat: 'everyday', customDays: [], startDate: today, endDate: '' });

/** The step's "required" toasts: each goes once what it asks for is given, or the medication is added. */
const NAME_REQUIRED_TOAST = 'onboarding-medication-name-required';
const TIME_REQUIRED_TOAST = 'onboarding-medication-time-required';

const repeatLabel = (medication: MedicationDraft) =>
  medication.repeat === 'custom'
    ? medication.customDays.map((day) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][day]).join(', ')
    : REPEAT_OPTIONS.find((option) => option.value === medication.repeat)!.label;

/** Step 3: each medication with its times and repeat; each becomes a repeating medication task. */
export function MedicationsStep({ medications, today, onChange }: Props) {
  const [form, setForm] = useState<MedicationDraft>(() => blank(today));
  const [choosingDays, setChoosingDays] = useState(false);
  const set = (changes: Partial<MedicationDraft>) => setForm((current) => ({ ...current, ...changes }));

  const add = () => {
    if (form.name.trim() === '') return toast({ ...ONBOARDING_MESSAGES.medicationName, variant: 'destructive', key: NAME_REQUIRED_TOAST });
    if (form.times.length === 0) return toast({ ...ONBOARDING_MESSAGES.medicationTime, variant: 'destructive', key: TIME_REQUIRED_TOAST });
    if (form.endDate && form.endDate < form.startDate) return toast({ ...ONBOARDING_MESSAGES.medicationEndDate, variant: 'destructive' });
    dismissToast(NAME_REQUIRED_TOAST);
    dismissToast(TIME_REQUIRED_TOAST);
    onChange([...medications, { ...form, key: draftKey('medication') }]);
    setForm(blank(today));
  };

  return (
    <div>
      <p className="muted">Add the medications given every day or on some days. You can add more later.</p>
      {medications.length > 0 && (
        <DraftList
          label="Medications added"
          items={medications}
          describe={(medication) => (
            <>
              <strong>{medication.name}</strong> {medication.dose} · {medication.times.join(', ')} · {repeatLabel(medication)}
            </>
          )}
          onChange={onChange}
        />
      )}
      <Form layout="vertical" component="div">
        <DraftNameItem label="Medication Name" id="onboarding-medication-name" value={form.name} requiredToast={NAME_REQUIRED_TOAST} onChange={(name) => set({ name })} />
        <Form.Item label="Dose (optional)" htmlFor="onboarding-medication-dose">
          <Input id="onboarding-medication-dose" autoComplete="off" placeholder="e.g. 5 ml" maxLength={TEXT_MAX.name} value={form.dose} onChange={(e) => set({ dose: e.target.value })} />
        </Form.Item>
        <Form.Item label="Times" htmlFor="onboarding-medication-time">
          <TimesPicker
            id="onboarding-medication-time"
            times={form.times}
            presets={MEDICATION_TIME_PRESETS}
            onChange={(times) => {
              set({ times });
              if (times.length > 0) dismissToast(TIME_REQUIRED_TOAST);
            }}
          />
        </Form.Item>
        <Form.Item label="Repeat" htmlFor="onboarding-medication-repeat">
          <select
            id="onboarding-medication-repeat"
            className="native-select"
            value={form.repeat}
            onChange={(e) => {
              const repeat = e.target.value as Repeat;
              set({ repeat });
              if (repeat === 'custom') setChoosingDays(true);
            }}
          >
            {REPEAT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value === 'custom' && form.repeat === 'custom' && form.customDays.length > 0 ? `Custom: ${repeatLabel(form)}` : option.label}
              </option>
            ))}
          </select>
          {form.repeat === 'custom' && (
            <Button type="link" onClick={() => setChoosingDays(true)}>
              Change days
            </Button>
          )}
        </Form.Item>
        <div className="onboarding-dates">
          <Form.Item label="Start Date" htmlFor="onboarding-medication-start">
            <Input id="onboarding-medication-start" type="date" min="1900-01-01" max="2100-12-31" value={form.startDate} onChange={(e) => set({ startDate: e.target.value || today })} />
          </Form.Item>
          <Form.Item label="End Date (optional)" htmlFor="onboarding-medication-end" extra="Empty means ongoing">
            <Input id="onboarding-medication-end" type="date" min={form.startDate} max="2100-12-31" value={form.endDate} onChange={(e) => set({ endDate: e.target.value })} />
          </Form.Item>
        </div>
        <Button onClick={add}>Add Medication</Button>
      </Form>
      <CustomDaysDialog
        open={choosingDays}
        initial={form.customDays}
        onCancel={() => {
          setChoosingDays(false);
          set({ repeat: 'everyday', customDays: [] });
        }}
        onConfirm={(customDays) => {
          setChoosingDays(false);
          set({ customDays });
        }}
      />
    </div>
  );
}
