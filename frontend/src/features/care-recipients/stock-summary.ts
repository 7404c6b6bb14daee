import { formatStock, isStockLow, type Medication } from '@carecircle/libs';

/** "30 tablets left, about 15 days" (days only when doses are scheduled); null when the stock is not tracked. */
export function stockSummary(medication: Medication): { text: string; low: boolean } | null {
  if (medication.stock === null) return null;
  const left = `${formatStock(medication.stock, medication.unit)} left`;
  if (medication.daysLeft === null) return { text: left, low: false };
  const days = Math.floor(medication.daysLeft);
  return { text: `${left}, about ${days} ${days === 1 ? 'day' : 'days'}`, low: isStockLow(medication.daysLeft, medication.refillThresholdDays) };
}
