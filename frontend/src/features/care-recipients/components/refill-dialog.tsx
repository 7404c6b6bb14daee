import {
  DEFAULT_REFILL_AMOUNT,
  formatStock,
  MEDICATION_STOCK_LIMITS,
  MEDICATION_STOCK_MESSAGES,
  roundAmount,
  type Medication,
} from '@carecircle/libs';
import { Form, InputNumber, Modal } from 'antd';
import { useRef, type ComponentRef, type RefObject } from 'react';
import { isSessionExpired } from '../../../shared/api/api-error';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { FormActions } from '../../../shared/ui/form-fields';
import { showServerErrors } from '../../../shared/ui/form-server-errors';
import { toast } from '../../../shared/ui/toast';
import { useRefillMedicationMutation } from '../api';
import { amountRule } from './medication-stock-fields';

interface Props {
  /** The medication to refill; null when closed. */
  medication: Medication | null;
  onClose: () => void;
}

interface FormValues {
  amount: number | null;
}

/** "Add to stock": the amount defaults to the last refill (or 30); success says "Refilled +N". */
export function RefillDialog({ medication, onClose }: Props) {
  const shown = useLastPresent(medication);
  // The amount is what the caregiver came for: focused once the dialog has opened (antd focuses the dialog itself first).
  const amountRef = useRef<AmountInput>(null);
  return (
    <Modal
      open={medication !== null}
      title="Add to stock"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      afterOpenChange={(open) => open && amountRef.current?.focus()}
    >
      {shown && <RefillForm medication={shown} amountRef={amountRef} onClose={onClose} />}
    </Modal>
  );
}

type AmountInput = ComponentRef<typeof InputNumber>;

function RefillForm({ medication, amountRef, onClose }: { medication: Medication; amountRef: RefObject<AmountInput | null>; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [refill, { isLoading }] = useRefillMedicationMutation();

  const submit = async ({ amount }: FormValues) => {
    if (amount === null) return;
    try {
      const updated = await refill({ medication, input: { amount } }).unwrap();
      toast({
        title: `Refilled +${roundAmount(amount)}`,
        description: `${updated.name}: ${formatStock(updated.stock ?? 0, updated.unit)} on hand`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (isSessionExpired(error)) return;
      const reason = showServerErrors(form, error, ['amount']);
      if (reason !== undefined || !form.getFieldError('amount').length) {
        toast({ title: 'Refill failed', description: reason ?? 'Please try again.', variant: 'destructive' });
      }
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={`refill-${medication.id}`}
      layout="vertical"
      onFinish={submit}
      disabled={isLoading}
      initialValues={{ amount: medication.lastRefillAmount ?? DEFAULT_REFILL_AMOUNT }}
    >
      <p>
        <strong>{medication.name}</strong>
        {medication.stock !== null && <>: {formatStock(medication.stock, medication.unit)} on hand now</>}
      </p>
      <Form.Item
        label={`Amount to add (${medication.unit})`}
        name="amount"
        rules={[
          { required: true, message: MEDICATION_STOCK_MESSAGES.amount },
          amountRule(0, MEDICATION_STOCK_LIMITS.maxRefillAmount, MEDICATION_STOCK_MESSAGES.amount, true),
        ]}
      >
        <InputNumber
          ref={amountRef}
          min={0.01}
          max={MEDICATION_STOCK_LIMITS.maxRefillAmount}
          inputMode="decimal"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <FormActions onCancel={onClose} pending={isLoading}>
        {isLoading ? 'Adding...' : 'Add to stock'}
      </FormActions>
    </Form>
  );
}
