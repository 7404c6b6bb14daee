import {
  DEFAULT_DOSE_AMOUNT,
  DEFAULT_MEDICATION_UNIT,
  DEFAULT_REFILL_THRESHOLD_DAYS,
  isIntInRange,
  isStockAmount,
  MEDICATION_STOCK_LIMITS,
  MEDICATION_STOCK_MESSAGES,
  MEDICATION_UNITS,
  type Medication,
  type MedicationInput,
  type MedicationUnit,
} from '@carecircle/libs';
import { Form, InputNumber, Select } from 'antd';
import './medication-stock.css';

/** The stock part of the medication form: all optional, folded under "Track stock". */
export interface StockFormValues {
  stock?: number | null;
  unit: MedicationUnit;
  doseAmount?: number | null;
  refillThresholdDays?: number | null;
}

export const STOCK_FIELDS: (keyof StockFormValues)[] = ['stock', 'unit', 'doseAmount', 'refillThresholdDays'];

const { maxStock, maxDoseAmount, minThresholdDays, maxThresholdDays } = MEDICATION_STOCK_LIMITS;
const UNIT_OPTIONS = MEDICATION_UNITS.map((unit) => ({ value: unit, label: unit }));

export const stockInitialValues = (medication?: Medication): StockFormValues => ({
  stock: medication?.stock ?? null,
  unit: medication?.unit ?? DEFAULT_MEDICATION_UNIT,
  doseAmount: medication?.doseAmount ?? DEFAULT_DOSE_AMOUNT,
  refillThresholdDays: medication?.refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
});

/**
 * What the form sends of the stock: the settings, and the stock only when it was entered (adding)
 * or changed (editing: sending the figure shown would count it again while doses move it).
 */
export function stockInput(values: StockFormValues, medication?: Medication): Partial<MedicationInput> {
  const input: Partial<MedicationInput> = {
    unit: values.unit,
    doseAmount: values.doseAmount ?? DEFAULT_DOSE_AMOUNT,
    refillThresholdDays: values.refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
  };
  const stock = values.stock ?? null;
  if (medication ? stock !== medication.stock : stock !== null) input.stock = stock;
  return input;
}

/** The server's rule (libs isStockAmount): within the bounds, at most 2 decimals; empty is "not given". */
export const amountRule = (min: number, max: number, message: string, exclusiveMin = false) => ({
  validator: (_: unknown, value: number | null | undefined) =>
    value === null || value === undefined || isStockAmount(value, min, max, exclusiveMin) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** "Track stock": amount on hand, unit, dose amount and reminder days, folded unless a stock is tracked. */
export function MedicationStockFields({ medication }: { medication?: Medication }) {
  return (
    <details className="stock-fields" open={medication?.stock !== null && medication?.stock !== undefined}>
      <summary className="stock-fields__summary">Track stock (optional)</summary>
      <p className="muted stock-fields__hint">
        Each dose marked as given takes the dose amount off the stock. You get a refill reminder when it runs low.
      </p>
      <div className="stock-fields__grid">
        <Form.Item label="Amount on hand" name="stock" rules={[amountRule(0, maxStock, MEDICATION_STOCK_MESSAGES.stock)]}>
          <InputNumber min={0} max={maxStock} inputMode="decimal" placeholder="e.g. 60" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Unit" name="unit">
          <Select options={UNIT_OPTIONS} aria-label="Unit" />
        </Form.Item>
        <Form.Item
          label="Amount per dose"
          name="doseAmount"
          rules={[amountRule(0, maxDoseAmount, MEDICATION_STOCK_MESSAGES.doseAmount, true)]}
        >
          <InputNumber min={0.01} max={maxDoseAmount} inputMode="decimal" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Remind me when fewer than (days) left"
          name="refillThresholdDays"
          rules={[
            {
              validator: (_: unknown, value: number | null | undefined) =>
                value === null || value === undefined || isIntInRange(value, minThresholdDays, maxThresholdDays)
                  ? Promise.resolve()
                  : Promise.reject(new Error(MEDICATION_STOCK_MESSAGES.refillThresholdDays)),
            },
          ]}
        >
          <InputNumber min={minThresholdDays} max={maxThresholdDays} precision={0} inputMode="numeric" style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </details>
  );
}
