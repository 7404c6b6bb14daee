import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { scheduledDosesPerDay, stockDaysLeft, type DoseSchedule, type MedicationUnit } from '@carecircle/libs';

/** A medication's stock as shown (never below 0) and how long it lasts at the scheduled rate. */
export interface StockFigures {
  medicationId: string;
  childId: string;
  /** null: untracked. */
  stock: number | null;
  doseAmount: number;
  unit: MedicationUnit;
  refillThresholdDays: number;
  lastRefillAmount: number | null;
  dosesPerDay: number;
  daysLeft: number | null;
  reminderArmed: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  medication_id: string;
  child_id: string;
  stock: string | null;
  dose_amount: string;
  unit: MedicationUnit;
  refill_threshold_days: number;
  last_refill_amount: string | null;
  reminder_armed: boolean;
  next_week_tasks: string;
}

interface ScheduleRow {
  medication_id: string;
  doses_per_week: string;
  repeat_start_date: string | null;
  repeat_end_date: string | null;
}

/**
 * Reads medication_stock and its own copies of tasks and schedules. The scheduled rate: the
 * medication's active, unpaused repeating schedules averaged over the first week it is given from
 * `now`'s date (libs `scheduledDosesPerDay`: Mon/Wed/Fri 3/7 a day, every other day 1/2, a taper's
 * steps one after another); without any, the dose tasks scheduled from `now` over the next 7 days / 7.
 */
@Injectable()
export class MedicationStockQuery {
  constructor(private readonly em: EntityManager) {}

  async forChild(childId: string, now: Date): Promise<Map<string, StockFigures>> {
    return this.select('s.child_id = ?', [childId], now);
  }

  async forMedication(medicationId: string, now: Date): Promise<StockFigures | null> {
    return (await this.select('s.medication_id = ?', [medicationId], now)).get(medicationId) ?? null;
  }

  /** Tracked medications whose next low stock would be reminded (the worker's sweep). */
  async armed(now: Date): Promise<StockFigures[]> {
    return [...(await this.select('s.stock IS NOT NULL AND s.reminder_armed', [], now)).values()];
  }

  private async select(where: string, values: unknown[], now: Date): Promise<Map<string, StockFigures>> {
    const today = now.toISOString().slice(0, 10);
    const em = this.em.fork();
    const rows: Row[] = await em.execute(
      `SELECT s.medication_id, s.child_id, s.stock, s.dose_amount, s.unit, s.refill_threshold_days, s.last_refill_amount, s.reminder_armed,
              tasks.next_week_tasks
       FROM medication_stock s
       LEFT JOIN LATERAL (
         SELECT COUNT(*) AS next_week_tasks FROM medication_stock_tasks
         WHERE medication_id = s.medication_id AND scheduled_time >= ? AND scheduled_time < ?
       ) tasks ON true
       WHERE ${where}`,
      [now.toISOString(), new Date(now.getTime() + 7 * DAY_MS).toISOString(), ...values],
    );
    if (rows.length === 0) return new Map();
    const schedules: ScheduleRow[] = await em.execute(
      `SELECT medication_id, doses_per_week, to_char(repeat_start_date, 'YYYY-MM-DD') AS repeat_start_date, to_char(repeat_end_date, 'YYYY-MM-DD') AS repeat_end_date
       FROM medication_stock_schedules
       WHERE medication_id IN (?) AND is_active AND NOT is_paused AND is_repeating AND (repeat_end_date IS NULL OR repeat_end_date >= ?::date)`,
      [rows.map((row) => row.medication_id), today],
    );
    const byMedication = new Map<string, DoseSchedule[]>();
    for (const row of schedules) {
      const list = byMedication.get(row.medication_id) ?? [];
      list.push({ dosesPerWeek: Number(row.doses_per_week), startDate: row.repeat_start_date, endDate: row.repeat_end_date });
      byMedication.set(row.medication_id, list);
    }
    return new Map(rows.map((row) => [row.medication_id, toFigures(row, scheduledDosesPerDay(byMedication.get(row.medication_id) ?? [], today))]));
  }
}

function toFigures(row: Row, scheduledPerDay: number | null): StockFigures {
  const stock = row.stock === null ? null : Math.max(0, Number(row.stock));
  const doseAmount = Number(row.dose_amount);
  const dosesPerDay = scheduledPerDay ?? Number(row.next_week_tasks) / 7;
  return {
    medicationId: row.medication_id,
    childId: row.child_id,
    stock,
    doseAmount,
    unit: row.unit,
    refillThresholdDays: row.refill_threshold_days,
    lastRefillAmount: row.last_refill_amount === null ? null : Number(row.last_refill_amount),
    dosesPerDay,
    daysLeft: stockDaysLeft(stock, doseAmount, dosesPerDay),
    reminderArmed: row.reminder_armed,
  };
}
