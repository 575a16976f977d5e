/**
 * Spec 03 §9's upgrade proration, shown in the upgrade dialog and checked against what the
 * server asks Stripe to invoice. Prices are dollars per month; a month counts as 30 days, as the
 * spec says, whatever the calendar month, so the summary a user sees is reproducible.
 */
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const DAYS_PER_MONTH = 30;

export interface ProrationSummary {
  daysRemaining: number;
  /** Dollars, unrounded; display rounds. */
  credit: number;
  newCharge: number;
  amountDue: number;
}

/** Whole days left in the period, rounded up: a period ending in one hour still has one day. */
export function daysRemaining(periodEnd: Date, now: Date): number {
  const left = periodEnd.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / MS_PER_DAY);
}

export function prorateUpgrade(currentPrice: number, newPrice: number, periodEnd: Date, now: Date): ProrationSummary {
  const days = daysRemaining(periodEnd, now);
  const credit = (currentPrice / DAYS_PER_MONTH) * days;
  const newCharge = (newPrice / DAYS_PER_MONTH) * days;
  return { daysRemaining: days, credit, newCharge, amountDue: Math.max(0, newCharge - credit) };
}

/** Dollars to the integer cents Stripe and invoices use. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
