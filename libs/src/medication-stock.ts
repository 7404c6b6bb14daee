/**
 * Medication stock and refill reminders (issue 12; docs/notifications.md, "Refill reminders").
 * A medication may carry a stock on hand in a unit; each completed dose task lowers it by the dose
 * amount, undo raises it back; a refill adds to it. When the stock covers fewer than
 * refillThresholdDays days at the scheduled rate, the primary caregiver gets one refill reminder
 * per refill cycle.
 */

/** The units a stock is counted in. */
export const MEDICATION_UNITS = ['tablets', 'capsules', 'ml', 'doses', 'puffs', 'drops', 'patches', 'sachets'] as const;
export type MedicationUnit = (typeof MEDICATION_UNITS)[number];

export const DEFAULT_MEDICATION_UNIT: MedicationUnit = 'tablets';
export const DEFAULT_DOSE_AMOUNT = 1;
export const DEFAULT_REFILL_THRESHOLD_DAYS = 7;
/** The refill dialog's amount when the medication was never refilled. */
export const DEFAULT_REFILL_AMOUNT = 30;

/**
 * Bounds of what is stored (numeric(12,2) columns hold far more): amounts have at most 2 decimals,
 * a stock is 0..MAX_STOCK, a dose and a refill are more than 0 and at most their maximum, and a
 * refill may not lift the stock past MAX_STOCK.
 */
export const MEDICATION_STOCK_LIMITS = {
  maxStock: 100_000,
  maxDoseAmount: 1_000,
  maxRefillAmount: 100_000,
  decimals: 2,
  minThresholdDays: 1,
  maxThresholdDays: 90,
} as const;

export const MEDICATION_STOCK_MESSAGES = {
  stock: `Stock must be a number from 0 to ${MEDICATION_STOCK_LIMITS.maxStock} with at most 2 decimals`,
  doseAmount: `Dose amount must be a number more than 0 and at most ${MEDICATION_STOCK_LIMITS.maxDoseAmount}, with at most 2 decimals`,
  amount: `Amount must be a number more than 0 and at most ${MEDICATION_STOCK_LIMITS.maxRefillAmount}, with at most 2 decimals`,
  unit: `Unit must be one of: ${MEDICATION_UNITS.join(', ')}`,
  refillThresholdDays: `Refill reminder days must be a whole number from ${MEDICATION_STOCK_LIMITS.minThresholdDays} to ${MEDICATION_STOCK_LIMITS.maxThresholdDays}`,
  stockTooHigh: `A refill may not lift the stock above ${MEDICATION_STOCK_LIMITS.maxStock}`,
} as const;

/** A finite number with at most 2 decimals within [min, max] (min excluded with `exclusiveMin`). */
export function isStockAmount(value: unknown, min: number, max: number, exclusiveMin = false): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (exclusiveMin ? value <= min : value < min) return false;
  if (value > max) return false;
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** The amount as stored: rounded to cents (0.1 + 0.2 reads 0.3). */
export const roundAmount = (value: number): number => Math.round(value * 100) / 100;

/**
 * Days the stock lasts at `dosesPerDay` doses of `doseAmount`: null when nothing is scheduled or
 * the stock is not tracked. Fractional; show it rounded down ("about N days").
 */
export function stockDaysLeft(stock: number | null, doseAmount: number, dosesPerDay: number): number | null {
  if (stock === null || dosesPerDay <= 0 || doseAmount <= 0) return null;
  return Math.max(0, stock) / (doseAmount * dosesPerDay);
}

/** Whether the stock covers fewer than `thresholdDays` days (what a refill reminder is about). */
export function isStockLow(daysLeft: number | null, thresholdDays: number): boolean {
  return daysLeft !== null && daysLeft < thresholdDays;
}

/** "30 tablets", "12.5 ml": the amount without trailing zeros. */
export function formatStock(amount: number, unit: string): string {
  const rounded = roundAmount(amount);
  // "1 tablet", "1 ml": one of a counted unit is singular.
  return `${rounded} ${rounded === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
}
