/**
 * Medication stock and refill reminders (issue 12; docs/notifications.md, "Refill reminders").
 * A medication may carry a stock on hand in a unit; each completed dose task lowers it by the dose
 * amount, undo raises it back; a refill adds to it. When the stock covers fewer than
 * refillThresholdDays days at the scheduled rate, the primary caregiver gets one refill reminder
 * per refill cycle.
 */
import { addDays, daysBetween } from './scheduling/local-time';

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

/** How a stock is counted from a dose's text: the unit and what one dose takes. */
export interface DoseStock {
  unit: MedicationUnit;
  doseAmount: number;
}

/** A number as caregivers write it: 2.5, .5, 1/2, 1 1/2, ½, 1½, "half a", "one"... */
const AMOUNT =
  String.raw`(\d+\s+\d+\/\d+|\d+\/\d+|\d+\s*[½¼¾⅓⅔]|\d*\.\d+|\d+(?:,\d{3})+|\d+|[½¼¾⅓⅔]|half(?:\s+an?)?|an?|one|two|three|four|five|six|seven|eight|nine|ten)`;
const UNIT = String.raw`(ml|mls|millilit(?:er|re)s?|cc|tsps?|teaspoons?|tbsps?|tablespoons?|tabs?|tablets?|caps?|capsules?|puffs?|inhalations?|drops?|gtts?|patch(?:es)?|sachets?|sprays?)`;
/** An amount and a countable form; not one that follows a slash ("15 mg/5 ml" is a strength). */
const DOSE = new RegExp(String.raw`(?<![\/\d.,])${AMOUNT}\s*-?\s*${UNIT}(?![a-z])`, 'i');

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };
const WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function readAmount(text: string): number {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t.startsWith('half')) return 0.5;
  if (t in WORDS) return WORDS[t];
  if (t in FRACTIONS) return FRACTIONS[t];
  const mixed = /^(\d+) (\d+)\/(\d+)$/.exec(t);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(t);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const glyph = /^(\d+) ?([½¼¾⅓⅔])$/.exec(t);
  if (glyph) return Number(glyph[1]) + FRACTIONS[glyph[2]];
  return Number(t.replace(/,/g, ''));
}

function unitOf(word: string): { unit: MedicationUnit; factor: number } {
  const w = word.toLowerCase();
  if (/^(ml|mls|millilit|cc)/.test(w)) return { unit: 'ml', factor: 1 };
  if (/^(tsp|teaspoon)/.test(w)) return { unit: 'ml', factor: 5 };
  if (/^(tbsp|tablespoon)/.test(w)) return { unit: 'ml', factor: 15 };
  if (/^tab/.test(w)) return { unit: 'tablets', factor: 1 };
  if (/^cap/.test(w)) return { unit: 'capsules', factor: 1 };
  if (/^(puff|inhalation)/.test(w)) return { unit: 'puffs', factor: 1 };
  if (/^(drop|gtt)/.test(w)) return { unit: 'drops', factor: 1 };
  if (/^patch/.test(w)) return { unit: 'patches', factor: 1 };
  if (/^sachet/.test(w)) return { unit: 'sachets', factor: 1 };
  // A spray is one of the bottle's counted doses.
  return { unit: 'doses', factor: 1 };
}

/**
 * The unit a medication's stock is counted in and what one dose takes, read from its dose as
 * written: "2.5 ml" is 2.5 ml, "1/2 tab" and "half a tablet" 0.5 tablets, "2 puffs" 2 puffs,
 * "1 tsp" 5 ml. A dose with no countable form ("500 mg", "1000 IU", empty) counts whole doses:
 * unit 'doses', 1 each. An amount outside what a dose may be (more than 0, at most
 * MEDICATION_STOCK_LIMITS.maxDoseAmount) also counts as one dose.
 */
export function stockUnitOfDose(dose: string | null | undefined): DoseStock {
  const whole: DoseStock = { unit: 'doses', doseAmount: 1 };
  const match = dose ? DOSE.exec(dose) : null;
  if (!match) return whole;
  const { unit, factor } = unitOf(match[2]);
  const doseAmount = roundAmount(readAmount(match[1]) * factor);
  return isStockAmount(doseAmount, 0, MEDICATION_STOCK_LIMITS.maxDoseAmount, true) ? { unit, doseAmount } : whole;
}

/** One repeating schedule of a medication as the scheduled rate sees it. */
export interface DoseSchedule {
  /** Average doses a week (times x selected days / interval). */
  dosesPerWeek: number;
  /** yyyy-mm-dd; null: already running. */
  startDate: string | null;
  /** yyyy-mm-dd, the last day; null: ongoing. */
  endDate: string | null;
}

/**
 * Scheduled doses per day of a medication: the average over the first week it is given from
 * `today` on (the week from today, or from the first schedule's start when none has started), each
 * schedule counted on the days of that week it runs. So Mon/Wed/Fri is 3/7, every other day 1/2,
 * and the consecutive steps of a taper one a day, not the sum of all steps. Null when no schedule
 * runs on or after today.
 */
export function scheduledDosesPerDay(schedules: readonly DoseSchedule[], today: string): number | null {
  const running = schedules.filter((s) => s.endDate === null || s.endDate >= today);
  if (running.length === 0) return null;
  const first = running.reduce((min, s) => (s.startDate !== null && s.startDate > today && s.startDate < min ? s.startDate : min), '9999-12-31');
  const from = running.some((s) => s.startDate === null || s.startDate <= today) ? today : first;
  const to = addDays(from, 6);
  let doses = 0;
  for (const s of running) {
    const start = s.startDate !== null && s.startDate > from ? s.startDate : from;
    const end = s.endDate !== null && s.endDate < to ? s.endDate : to;
    const days = Math.max(0, daysBetween(start, end) + 1);
    doses += (s.dosesPerWeek * days) / 7;
  }
  return doses / 7;
}
