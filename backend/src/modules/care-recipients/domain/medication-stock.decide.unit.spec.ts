import { MEDICATION_STOCK_MESSAGES } from '@carecircle/libs';
import { careRecipientEventsAt } from '../../../test-support/care-recipient-events';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CareRecipientEvent } from './care-recipient';
import { careRecipientDecider, type CareRecipientCommand, type ObservedStock } from './care-recipient.decide';

/** Stock, refills and the refill reminder's cycle (docs/notifications.md, "Refill reminders"). */
const at = '2026-11-27T08:00:00.000Z';
const given = careRecipientEventsAt(at);
const { meta, shared } = given;
const spec = deciderSpec(careRecipientDecider);

const added = given.added();
const base = { childId: 'child', medicationId: 'med', name: 'Baclofen', dosage: '5 mg', instructions: null, photoUrl: null, addedAt: at };
/** Tracked: 20 tablets, 1 a dose, reminder at fewer than 7 days. */
const tracked: CareRecipientEvent = { type: 'MedicationAdded', data: { ...base, stock: 20, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7 } };
/** Added before issue 12: no stock settings. */
const legacy: CareRecipientEvent = { type: 'MedicationAdded', data: base };
const stockLow: CareRecipientEvent = {
  type: 'MedicationStockLow',
  data: { childId: 'child', medicationId: 'med', name: 'Baclofen', unit: 'tablets', stock: 4, daysLeft: 2, thresholdDays: 7, detectedAt: at },
};
const observed = (stock: number | null, dosesPerDay = 2): ObservedStock => ({ stock, dosesPerDay });

const add = (input: object, actorId = 'parent'): CareRecipientCommand => ({ type: 'AddMedication', data: { medicationId: 'med', input: input as never }, metadata: meta(actorId) });
const update = (input: object, seen?: ObservedStock, actorId = 'parent'): CareRecipientCommand => ({
  type: 'UpdateMedication',
  data: { medicationId: 'med', input: input as never, observed: seen },
  metadata: meta(actorId),
});
const refill = (amount: number, seen: ObservedStock, actorId = 'parent', medicationId = 'med'): CareRecipientCommand => ({
  type: 'RefillMedication',
  data: { medicationId, amount, observed: seen },
  metadata: meta(actorId),
});
const recordLow = (seen: ObservedStock, actorId: string | null = null): CareRecipientCommand => ({
  type: 'RecordMedicationStockLow',
  data: { medicationId: 'med', observed: seen },
  metadata: meta(actorId),
});

describe('medication stock', () => {
  describe('AddMedication with stock settings', () => {
    it('records the stock and settings, rounded to cents', () => {
      spec
        .given([added])
        .when(add({ name: 'Baclofen', dosage: '5 mg', stock: 120.5, doseAmount: 2.5, unit: 'ml', refillThresholdDays: 10 }))
        .then([{ type: 'MedicationAdded', data: { ...base, strength: null, stock: 120.5, doseAmount: 2.5, unit: 'ml', refillThresholdDays: 10 } }]);
    });

    it('defaults to untracked, 1 tablet a dose, 7 days', () => {
      spec
        .given([added])
        .when(add({ name: 'Baclofen', dosage: '5 mg' }))
        .then([{ type: 'MedicationAdded', data: { ...base, strength: null, stock: null, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7 } }]);
    });

    it.each([
      ['stock', { stock: -1 }, MEDICATION_STOCK_MESSAGES.stock],
      ['stock', { stock: 100_000.01 }, MEDICATION_STOCK_MESSAGES.stock],
      ['stock', { stock: 1.001 }, MEDICATION_STOCK_MESSAGES.stock],
      ['stock', { stock: Number.NaN }, MEDICATION_STOCK_MESSAGES.stock],
      ['stock', { stock: '5' }, MEDICATION_STOCK_MESSAGES.stock],
      ['doseAmount', { doseAmount: 0 }, MEDICATION_STOCK_MESSAGES.doseAmount],
      ['doseAmount', { doseAmount: 1e308 }, MEDICATION_STOCK_MESSAGES.doseAmount],
      ['unit', { unit: 'kg' }, MEDICATION_STOCK_MESSAGES.unit],
      ['refillThresholdDays', { refillThresholdDays: 0 }, MEDICATION_STOCK_MESSAGES.refillThresholdDays],
      ['refillThresholdDays', { refillThresholdDays: 91 }, MEDICATION_STOCK_MESSAGES.refillThresholdDays],
      ['refillThresholdDays', { refillThresholdDays: 7.5 }, MEDICATION_STOCK_MESSAGES.refillThresholdDays],
    ])('refuses a bad %s (%p)', (_field, input, message) => {
      spec.given([added]).when(add({ name: 'Baclofen', dosage: '5 mg', ...input })).thenThrows('CARE_RECIPIENTS.INVALID', message);
    });
  });

  describe('UpdateMedication', () => {
    it('changes settings as MedicationUpdated and a stock as MedicationStockCounted', () => {
      spec
        .given([added, tracked])
        .when(update({ doseAmount: 2, stock: 50 }, observed(10)))
        .then([
          { type: 'MedicationUpdated', data: { childId: 'child', medicationId: 'med', doseAmount: 2, updatedAt: at } },
          { type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: 50, reminderRearmed: false, countedAt: at } },
        ]);
    });

    it('records a count equal to the first one (the stock shown has moved since)', () => {
      spec
        .given([added, tracked])
        .when(update({ stock: 20 }, observed(12)))
        .then([{ type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: 20, reminderRearmed: false, countedAt: at } }]);
    });

    it('starts tracking a medication added before issue 12 with the defaults', () => {
      spec
        .given([added, legacy])
        .when(update({ stock: 30, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7 }, observed(null)))
        .then([{ type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: 30, reminderRearmed: false, countedAt: at } }]);
    });

    it('stops tracking with stock null, and does nothing for an untracked one', () => {
      spec
        .given([added, tracked])
        .when(update({ stock: null }, observed(3)))
        .then([{ type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: null, reminderRearmed: false, countedAt: at } }]);
      spec.given([added, legacy]).when(update({ stock: null }, observed(null))).then([]);
    });

    it('re-arms the reminder after a reminder only when the count covers the days', () => {
      // 2 doses a day, 7 days: 14 tablets needed.
      spec
        .given([added, tracked, stockLow])
        .when(update({ stock: 10 }, observed(4)))
        .then([{ type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: 10, reminderRearmed: false, countedAt: at } }]);
      spec
        .given([added, tracked, stockLow])
        .when(update({ stock: 14 }, observed(4)))
        .then([{ type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: 14, reminderRearmed: true, countedAt: at } }]);
    });

    it('refuses a bad stock and needs edit access', () => {
      spec.given([added, tracked]).when(update({ stock: -0.01 }, observed(20))).thenThrows('CARE_RECIPIENTS.INVALID', MEDICATION_STOCK_MESSAGES.stock);
      spec.given([added, tracked, shared('viewer', false)]).when(update({ stock: 5 }, observed(20), 'viewer')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
      spec.given([added, tracked]).when(update({ stock: 5 }, observed(20), 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });
  });

  describe('RefillMedication', () => {
    it('records "refilled +amount" (rounded to cents)', () => {
      spec
        .given([added, tracked])
        .when(refill(30, observed(5)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 30, reminderRearmed: false, refilledAt: at } }]);
      spec
        .given([added, tracked])
        .when(refill(0.1 + 0.2, observed(5)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 0.3, reminderRearmed: false, refilledAt: at } }]);
    });

    it('starts tracking an untracked medication', () => {
      spec
        .given([added, legacy])
        .when(refill(30, observed(null, 0)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 30, reminderRearmed: false, refilledAt: at } }]);
    });

    it('re-arms the reminder only when the stock after it covers the days', () => {
      // Shown stock 4 at 2 a day: +9 makes 13 (6.5 days, still low), +10 makes 14 (7 days).
      spec
        .given([added, tracked, stockLow])
        .when(refill(9, observed(4)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 9, reminderRearmed: false, refilledAt: at } }]);
      spec
        .given([added, tracked, stockLow])
        .when(refill(10, observed(4)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 10, reminderRearmed: true, refilledAt: at } }]);
      // A stock shown below 0 never is: the refill adds to 0.
      spec
        .given([added, tracked, stockLow])
        .when(refill(14, observed(-6)))
        .then([{ type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 14, reminderRearmed: true, refilledAt: at } }]);
    });

    it.each([0, -1, 100_000.01, 1e308, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY, 1.234])('refuses the amount %p', (amount) => {
      spec.given([added, tracked]).when(refill(amount, observed(5))).thenThrows('CARE_RECIPIENTS.INVALID', MEDICATION_STOCK_MESSAGES.amount);
    });

    it('refuses a refill that would lift the stock past the maximum', () => {
      spec.given([added, tracked]).when(refill(100, observed(99_950))).thenThrows('CARE_RECIPIENTS.INVALID', MEDICATION_STOCK_MESSAGES.stockTooHigh);
    });

    it('follows the edit rules: viewers 403, strangers and unknown medications 404', () => {
      spec.given([added, tracked, shared('editor', true)]).when(refill(5, observed(5), 'editor')).then([
        { type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 5, reminderRearmed: false, refilledAt: at } },
      ]);
      spec.given([added, tracked, shared('viewer', false)]).when(refill(5, observed(5), 'viewer')).thenThrows('CARE_RECIPIENTS.FORBIDDEN');
      spec.given([added, tracked]).when(refill(5, observed(5), 'stranger')).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
      spec.given([added, tracked]).when(refill(5, observed(5), 'parent', 'other')).thenThrows('CARE_RECIPIENTS.MEDICATION_NOT_FOUND');
      spec.given([]).when(refill(5, observed(5))).thenThrows('CARE_RECIPIENTS.NOT_FOUND');
    });
  });

  describe('RecordMedicationStockLow', () => {
    const low = { type: 'MedicationStockLow' as const, data: { ...stockLow.data, stock: 9.5, daysLeft: 4 } };

    it('records the reminder when the stock covers fewer days than the threshold', () => {
      // 9.5 tablets at 2 a day: 4.75 days, shown as 4.
      spec.given([added, tracked]).when(recordLow(observed(9.5))).then([low]);
    });

    it('shows a stock below 0 as 0 days', () => {
      spec.given([added, tracked]).when(recordLow(observed(-3))).then([{ type: 'MedicationStockLow', data: { ...stockLow.data, stock: 0, daysLeft: 0 } }]);
    });

    it('records once per refill cycle: a second worker records nothing', () => {
      spec.given([added, tracked, low]).when(recordLow(observed(9.5))).then([]);
      const smallRefill: CareRecipientEvent = { type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 1, reminderRearmed: false, refilledAt: at } };
      spec.given([added, tracked, low, smallRefill]).when(recordLow(observed(10.5))).then([]);
      const fullRefill: CareRecipientEvent = { type: 'MedicationRefilled', data: { childId: 'child', medicationId: 'med', amount: 30, reminderRearmed: true, refilledAt: at } };
      spec.given([added, tracked, low, fullRefill]).when(recordLow(observed(3))).then([{ type: 'MedicationStockLow', data: { ...stockLow.data, stock: 3, daysLeft: 1 } }]);
    });

    it('records nothing when the stock covers the days, nothing is scheduled, or it is untracked', () => {
      spec.given([added, tracked]).when(recordLow(observed(14))).then([]);
      spec.given([added, tracked]).when(recordLow(observed(1, 0))).then([]);
      spec.given([added, legacy]).when(recordLow(observed(null))).then([]);
      const untracked: CareRecipientEvent = { type: 'MedicationStockCounted', data: { childId: 'child', medicationId: 'med', stock: null, reminderRearmed: true, countedAt: at } };
      spec.given([added, tracked, untracked]).when(recordLow(observed(1))).then([]);
    });

    it('is the worker\'s alone, and quiet about a removed medication or recipient', () => {
      spec.given([added, tracked]).when(recordLow(observed(1), 'parent')).then([]);
      spec.given([added, tracked, { type: 'MedicationRemoved', data: { childId: 'child', medicationId: 'med', removedAt: at } }]).when(recordLow(observed(1))).then([]);
      spec.given([added, tracked, { type: 'CareRecipientRemoved', data: { childId: 'child', removedAt: at } }]).when(recordLow(observed(1))).then([]);
      spec.given([]).when(recordLow(observed(1))).then([]);
    });

    it('uses the settings as last updated', () => {
      const updated: CareRecipientEvent = { type: 'MedicationUpdated', data: { childId: 'child', medicationId: 'med', doseAmount: 2, unit: 'ml', refillThresholdDays: 3, updatedAt: at } };
      // 10 ml at 2 doses of 2 ml a day: 2.5 days < 3.
      spec.given([added, tracked, updated]).when(recordLow(observed(10))).then([
        { type: 'MedicationStockLow', data: { ...stockLow.data, unit: 'ml', stock: 10, daysLeft: 2, thresholdDays: 3 } },
      ]);
    });
  });
});
