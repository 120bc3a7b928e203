/**
 * A retail electricity tariff in OpenEI URDB's own structure and field names (API v7/v8): energy rates by time-of-use
 * period and tier, TOU and flat monthly demand charges, a fixed charge and a minimum charge. Schedules hold 0-based
 * period indices, 12 months × 24 hours, one for weekdays and one for weekends.
 */
export type EnergyTierUnit = 'kWh' | 'kWh/kW' | 'kWh daily' | 'kWh/kW daily';

/** `max` is the tier's upper bound in its unit (none: unbounded); the buy price is `rate + adj`; `sell` the export price. */
export interface EnergyTier { max?: number; unit?: EnergyTierUnit; rate: number; adj?: number; sell?: number }

/** `max` in kW (none: unbounded); the price per kW is `rate + adj`. */
export interface DemandTier { max?: number; rate: number; adj?: number }

export type ChargeUnit = '$/month' | '$/day' | '$/year';

export interface UrdbRate {
  /** Periods × tiers. */
  energyratestructure: EnergyTier[][];
  energyweekdayschedule: number[][];
  energyweekendschedule: number[][];
  demandratestructure?: DemandTier[][];
  demandweekdayschedule?: number[][];
  demandweekendschedule?: number[][];
  flatdemandstructure?: DemandTier[][];
  /** 12 entries: the `flatdemandstructure` period of each month. */
  flatdemandmonths?: number[];
  fixedchargefirstmeter?: number;
  fixedchargeunits?: ChargeUnit;
  mincharge?: number;
  minchargeunits?: ChargeUnit;
}

export const ENERGY_TIER_UNITS: readonly EnergyTierUnit[] = ['kWh', 'kWh/kW', 'kWh daily', 'kWh/kW daily'];
export const CHARGE_UNITS: readonly ChargeUnit[] = ['$/month', '$/day', '$/year'];

/** A problem in a tariff, with the path of its field, e.g. `energyratestructure[0][1].rate`. */
export interface TariffProblem { field: string; message: string }
