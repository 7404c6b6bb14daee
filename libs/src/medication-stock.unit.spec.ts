import { medicationNameKey } from './care-recipients';
import { scheduledDosesPerDay, stockUnitOfDose } from './medication-stock';

describe('stockUnitOfDose: the stock unit and amount of one dose, from the dose as written', () => {
  it.each([
    ['2.5 ml', 'ml', 2.5],
    ['2.5ml', 'ml', 2.5],
    ['10 mL', 'ml', 10],
    ['.5 ml', 'ml', 0.5],
    ['5 cc', 'ml', 5],
    ['1 tsp', 'ml', 5],
    ['2 teaspoons', 'ml', 10],
    ['1/2 tab', 'tablets', 0.5],
    ['½ tab', 'tablets', 0.5],
    ['half a tablet', 'tablets', 0.5],
    ['1 1/2 tablets', 'tablets', 1.5],
    ['1½ tabs', 'tablets', 1.5],
    ['1/3 tab', 'tablets', 0.33],
    ['one tablet', 'tablets', 1],
    ['2 puffs', 'puffs', 2],
    ['1 cap', 'capsules', 1],
    ['2 capsules', 'capsules', 2],
    ['3 drops', 'drops', 3],
    ['1 patch', 'patches', 1],
    ['1 sachet', 'sachets', 1],
    ['2 sprays', 'doses', 2],
    // The dose after a strength: the amount given is what counts.
    ['5 ml (100 mg)', 'ml', 5],
    ['100 mg, 2.5 ml', 'ml', 2.5],
    // A strength alone is not a dose of 5 ml.
    ['15 mg/5 ml', 'doses', 1],
  ] as const)('%s -> %s %s', (dose, unit, doseAmount) => {
    expect(stockUnitOfDose(dose)).toEqual({ unit, doseAmount });
  });

  it.each(['500 mg', '1000 IU', '2 units', '', '   ', 'as directed', '2000 ml', '0 ml'])('%j has no countable form: one dose each', (dose) => {
    expect(stockUnitOfDose(dose)).toEqual({ unit: 'doses', doseAmount: 1 });
  });

  it('null and undefined are one dose each', () => {
    expect(stockUnitOfDose(null)).toEqual({ unit: 'doses', doseAmount: 1 });
    expect(stockUnitOfDose(undefined)).toEqual({ unit: 'doses', doseAmount: 1 });
  });
});

describe('scheduledDosesPerDay: the average over the first week a medication is given', () => {
  const today = '2030-01-07'; // a Monday
  const daily = (start: string | null, end: string | null, perWeek = 7) => ({ dosesPerWeek: perWeek, startDate: start, endDate: end });

  it('is null without a schedule that runs from today on', () => {
    expect(scheduledDosesPerDay([], today)).toBeNull();
    expect(scheduledDosesPerDay([daily('2029-12-01', '2030-01-06')], today)).toBeNull();
  });

  it('once a day is 1; twice a day 2; Mon/Wed/Fri 3/7; every other day 1/2', () => {
    expect(scheduledDosesPerDay([daily(today, null)], today)).toBe(1);
    expect(scheduledDosesPerDay([daily(today, null), daily('2029-01-01', null)], today)).toBe(2);
    expect(scheduledDosesPerDay([daily(today, null, 3)], today)).toBeCloseTo(3 / 7);
    expect(scheduledDosesPerDay([daily(today, null, 3.5)], today)).toBeCloseTo(0.5);
  });

  it('counts the consecutive steps of a taper one a day, not all three at once', () => {
    const taper = [daily(today, '2030-01-09'), daily('2030-01-10', '2030-01-12'), daily('2030-01-13', '2030-01-15')];
    expect(scheduledDosesPerDay(taper, today)).toBeCloseTo(1);
    // Started yesterday: still one a day.
    expect(scheduledDosesPerDay(taper, '2030-01-08')).toBeCloseTo(1);
  });

  it('a schedule that starts later is counted from its first week', () => {
    expect(scheduledDosesPerDay([daily('2030-02-01', null, 3)], today)).toBeCloseTo(3 / 7);
  });

  it('a course that ends within the week counts only its days', () => {
    expect(scheduledDosesPerDay([daily(null, '2030-01-09')], today)).toBeCloseTo(3 / 7);
  });
});

describe('medicationNameKey: one medication whatever the case and spacing', () => {
  it('ignores case and spacing', () => {
    expect(medicationNameKey('Vitamin D3')).toBe(medicationNameKey('  vitamin   d3 '));
    expect(medicationNameKey('Vitamin D3')).toBe(medicationNameKey('VitaminD3'));
    expect(medicationNameKey('Keppra')).not.toBe(medicationNameKey('Keppra XR'));
  });
});
