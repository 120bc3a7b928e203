/**
 * Reading one OpenEI URDB rate item (API v7/v8, as pasted or uploaded) into a `UrdbRate`, and the checks a tariff must
 * pass to be billed the way NREL SAM's utility-rate module bills it (SSC lib_utility_rate_equations, BSD-3): every
 * scheduled period defined, tiers increasing, and the periods that share a month sharing one tier ladder.
 */
import { CHARGE_UNITS, ENERGY_TIER_UNITS, type DemandTier, type EnergyTier, type TariffProblem, type UrdbRate } from './tariff.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Tier = EnergyTier | DemandTier;
type Problems = TariffProblem[];

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isPerKw = (tier: EnergyTier) => tier.unit === 'kWh/kW' || tier.unit === 'kWh/kW daily';

function checkNumber(problems: Problems, field: string, value: number | undefined, least: number | null, positive = false) {
  if (value === undefined) return;
  if (!isFiniteNumber(value) || (least !== null && (positive ? value <= least : value < least)))
    problems.push({ field, message: least === null ? 'must be a number' : `must be a number ${positive ? '>' : '≥'} ${least}` });
}

/** Each tier's numbers; within a period, the maxima of tiers of one unit increasing, and only the last one unbounded. */
function checkLadders(problems: Problems, name: string, structure: readonly (readonly Tier[])[]) {
  structure.forEach((tiers, p) => {
    if (tiers.length === 0) problems.push({ field: `${name}[${p}]`, message: 'must have at least one tier' });
    const lastOfUnit = new Map<string, { tier: number; max: number | undefined }>();
    tiers.forEach((tier, t) => {
      const field = `${name}[${p}][${t}]`;
      checkNumber(problems, `${field}.rate`, tier.rate, 0);
      checkNumber(problems, `${field}.adj`, tier.adj, null);
      checkNumber(problems, `${field}.max`, tier.max, 0, true);
      const unit = 'unit' in tier ? (tier.unit ?? 'kWh') : 'kW';
      if ('unit' in tier && tier.unit !== undefined && !ENERGY_TIER_UNITS.includes(tier.unit)) problems.push({ field: `${field}.unit`, message: `must be one of ${ENERGY_TIER_UNITS.join(', ')}` });
      if ('sell' in tier) checkNumber(problems, `${field}.sell`, tier.sell, 0);
      const previous = lastOfUnit.get(unit);
      if (previous && previous.max === undefined) problems.push({ field: `${field}.max`, message: `follows tier ${previous.tier}, which has no max (unbounded) and the same unit` });
      else if (previous && tier.max !== undefined && previous.max! >= tier.max) problems.push({ field: `${field}.max`, message: `must be greater than the max of tier ${previous.tier} (${previous.max})` });
      lastOfUnit.set(unit, { tier: t, max: tier.max });
    });
    const perKw = (tiers as EnergyTier[]).findIndex((tier, t) => t > 0 && isPerKw(tier));
    if (name === 'energyratestructure' && perKw > 0 && !isPerKw(tiers[0] as EnergyTier))
      problems.push({ field: `${name}[${p}][${perKw}].unit`, message: 'kWh/kW tiers are billed only when the first tier of the period is kWh/kW too' });
  });
}

/** 12 rows of 24 period indices, each a period of the structure. */
function checkSchedule(problems: Problems, name: string, schedule: readonly (readonly number[])[] | undefined, periods: number, structure: string): boolean {
  if (!schedule || schedule.length !== 12 || schedule.some((row) => row.length !== 24)) {
    problems.push({ field: name, message: 'must be 12 months × 24 hours of period indices' });
    return false;
  }
  // Without periods there is nothing to point at: the structure's own problem says it.
  if (periods === 0) return false;
  const before = problems.length;
  schedule.forEach((row, m) =>
    row.forEach((period, h) => {
      if (!Number.isInteger(period) || period < 0 || period >= periods) problems.push({ field: `${name}[${m}][${h}]`, message: `must be a period of ${structure} (0 to ${periods - 1})` });
    }),
  );
  return problems.length === before;
}

/**
 * SAM bills every period of a month on one tier ladder: the periods a month's schedules use must have as many tiers,
 * with the same maxima (the last, open-ended tier aside) and, for energy, the same units.
 */
function checkMonthLadders(problems: Problems, name: string, structure: readonly (readonly Tier[])[], weekday: readonly (readonly number[])[], weekend: readonly (readonly number[])[], energy: boolean) {
  const reported = new Set<string>();
  for (let m = 0; m < 12; m++) {
    const periods = [...new Set([...weekday[m]!, ...weekend[m]!])].sort((a, b) => a - b);
    const reference = structure[periods[0]!]!;
    for (const period of periods.slice(1)) {
      const tiers = structure[period]!;
      const shares = `period ${periods[0]}, which shares ${MONTHS[m]}`;
      if (energy && tiers.length !== reference.length) {
        if (!reported.has(`${period}`)) problems.push({ field: `${name}[${period}]`, message: `must have as many tiers (${reference.length}) as ${shares}` });
        reported.add(`${period}`);
        continue;
      }
      tiers.forEach((tier, t) => {
        const other = reference[t];
        if (!other || t === tiers.length - 1 || t === reference.length - 1 || reported.has(`${period}/${t}`)) return;
        const unitDiffers = energy && ((tier as EnergyTier).unit ?? 'kWh') !== ((other as EnergyTier).unit ?? 'kWh');
        const a = tier.max ?? Infinity;
        const b = other.max ?? Infinity;
        if (unitDiffers || (a !== b && Math.abs(a - b) > 1e-7 * Math.min(a, b))) {
          problems.push({ field: `${name}[${period}][${t}].max`, message: `must equal tier ${t}'s max and unit in ${shares}` });
          reported.add(`${period}/${t}`);
        }
      });
    }
  }
}

function checkCharge(problems: Problems, rate: UrdbRate, amount: 'fixedchargefirstmeter' | 'mincharge', unit: 'fixedchargeunits' | 'minchargeunits') {
  checkNumber(problems, amount, rate[amount], 0);
  const value = rate[unit];
  if (value !== undefined && !CHARGE_UNITS.includes(value)) problems.push({ field: unit, message: `must be one of ${CHARGE_UNITS.join(', ')}` });
}

/** Every problem that keeps a tariff from being billed, each with the path of its field. */
export function tariffProblems(rate: UrdbRate): TariffProblem[] {
  const problems: Problems = [];
  const energy = rate.energyratestructure ?? [];
  if (energy.length === 0) problems.push({ field: 'energyratestructure', message: 'must list at least one period, each a list of tiers' });
  checkLadders(problems, 'energyratestructure', energy);
  const weekdayOk = checkSchedule(problems, 'energyweekdayschedule', rate.energyweekdayschedule, energy.length, 'energyratestructure');
  const weekendOk = checkSchedule(problems, 'energyweekendschedule', rate.energyweekendschedule, energy.length, 'energyratestructure');
  if (weekdayOk && weekendOk && energy.every((tiers) => tiers.length > 0))
    checkMonthLadders(problems, 'energyratestructure', energy, rate.energyweekdayschedule, rate.energyweekendschedule, true);

  const demand = rate.demandratestructure ?? [];
  if (demand.length > 0) {
    checkLadders(problems, 'demandratestructure', demand);
    const ok = [
      checkSchedule(problems, 'demandweekdayschedule', rate.demandweekdayschedule, demand.length, 'demandratestructure'),
      checkSchedule(problems, 'demandweekendschedule', rate.demandweekendschedule, demand.length, 'demandratestructure'),
    ].every(Boolean);
    if (ok && demand.every((tiers) => tiers.length > 0)) checkMonthLadders(problems, 'demandratestructure', demand, rate.demandweekdayschedule!, rate.demandweekendschedule!, false);
  }
  const flat = rate.flatdemandstructure ?? [];
  if (flat.length > 0) {
    checkLadders(problems, 'flatdemandstructure', flat);
    const months = rate.flatdemandmonths;
    if (!months || months.length !== 12) problems.push({ field: 'flatdemandmonths', message: 'must give 12 months, each a period of flatdemandstructure' });
    else
      months.forEach((period, m) => {
        if (!Number.isInteger(period) || period < 0 || period >= flat.length) problems.push({ field: `flatdemandmonths[${m}]`, message: `must be a period of flatdemandstructure (0 to ${flat.length - 1})` });
      });
  }
  checkCharge(problems, rate, 'fixedchargefirstmeter', 'fixedchargeunits');
  checkCharge(problems, rate, 'mincharge', 'minchargeunits');
  return problems;
}

// Reading: lenient about types (OpenEI gives some numbers as strings, absent fields as null), strict about shape.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null;

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

/** A field read as text: OpenEI's strings as they are, anything else as JSON (which then fails the unit checks). */
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function optionalNumber(source: Json, key: string): number | undefined {
  return absent(source[key]) ? undefined : toNumber(source[key]);
}

function readTier(raw: unknown, field: string, problems: Problems, energy: boolean): Tier {
  if (!isObject(raw)) {
    problems.push({ field, message: 'must be a tier: an object with rate and optional max, adj' + (energy ? ', unit, sell' : '') });
    return { rate: 0 };
  }
  const tier: Record<string, number | string> = { rate: toNumber(raw.rate) };
  for (const key of energy ? ['max', 'adj', 'sell'] : ['max', 'adj']) {
    const value = optionalNumber(raw, key);
    if (value !== undefined) tier[key] = value;
  }
  if (energy && !absent(raw.unit)) tier.unit = text(raw.unit);
  return tier as unknown as Tier;
}

function readStructure(raw: unknown, name: string, problems: Problems, energy: boolean): Tier[][] | undefined {
  if (absent(raw)) return undefined;
  if (!Array.isArray(raw) || !raw.every(Array.isArray)) {
    problems.push({ field: name, message: 'must be a list of periods, each a list of tiers' });
    return undefined;
  }
  return (raw as unknown[][]).map((tiers, p) => tiers.map((tier, t) => readTier(tier, `${name}[${p}][${t}]`, problems, energy)));
}

function readSchedule(raw: unknown): number[][] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map((row) => (Array.isArray(row) ? row.map(toNumber) : []));
}

/**
 * Reads one item of OpenEI's `items` (as pasted or uploaded: extra fields ignored, numbers possibly as strings where
 * OpenEI does that) into a UrdbRate, or lists every problem with its field path, e.g.
 * `{ field: 'energyratestructure[0][1].rate', message: 'must be a number ≥ 0' }`. Checks schedule sizes (12×24),
 * period indices that exist in the structure, tier max increasing, units known, and SAM's one-ladder-per-month rule.
 */
export function readUrdbRate(item: unknown): { rate: UrdbRate } | { problems: TariffProblem[] } {
  if (!isObject(item)) return { problems: [{ field: '', message: 'must be one OpenEI rate item (an object)' }] };
  const shape: Problems = [];
  const rate: UrdbRate = {
    energyratestructure: readStructure(item.energyratestructure, 'energyratestructure', shape, true) ?? [],
    energyweekdayschedule: readSchedule(item.energyweekdayschedule) ?? [],
    energyweekendschedule: readSchedule(item.energyweekendschedule) ?? [],
  };
  const demand = readStructure(item.demandratestructure, 'demandratestructure', shape, false);
  if (demand) Object.assign(rate, { demandratestructure: demand, demandweekdayschedule: readSchedule(item.demandweekdayschedule), demandweekendschedule: readSchedule(item.demandweekendschedule) });
  const flat = readStructure(item.flatdemandstructure, 'flatdemandstructure', shape, false);
  if (flat) Object.assign(rate, { flatdemandstructure: flat, flatdemandmonths: Array.isArray(item.flatdemandmonths) ? item.flatdemandmonths.map(toNumber) : undefined });
  for (const key of ['fixedchargefirstmeter', 'mincharge'] as const) {
    const value = optionalNumber(item, key);
    if (value !== undefined) rate[key] = value;
  }
  for (const key of ['fixedchargeunits', 'minchargeunits'] as const) if (!absent(item[key])) Object.assign(rate, { [key]: text(item[key]) });
  for (const key of Object.keys(rate) as (keyof UrdbRate)[]) if (rate[key] === undefined) delete rate[key];

  // A value problem inside a part already reported as malformed says nothing new.
  const values = tariffProblems(rate).filter((problem) => !shape.some((s) => problem.field === s.field || problem.field.startsWith(`${s.field}.`) || problem.field.startsWith(`${s.field}[`)));
  const problems = [...shape, ...values];
  return problems.length > 0 ? { problems } : { rate };
}
