import type { StudyHeadline } from '../../contract/feasibility.ts';
import type { FinanceResult } from '../../contract/energy.ts';

/** Year 1's bills, as a study's finance answer or a what-if gives them (behind the meter only). */
export type HeadlineBills = Partial<Pick<FinanceResult, 'bill_without_solar_year1' | 'bill_with_solar_year1' | 'savings_year1'>>;

/** The headline with year 1's bills from `bills`; as it is when they have none (a study that is not behind the meter). */
export const withBills = (h: StudyHeadline, bills: HeadlineBills | null | undefined): StudyHeadline =>
  bills?.bill_without_solar_year1 === undefined
    ? h
    : { ...h, bill_without_solar_year1: bills.bill_without_solar_year1, bill_with_solar_year1: bills.bill_with_solar_year1 ?? 0, savings_year1: bills.savings_year1 ?? 0 };
