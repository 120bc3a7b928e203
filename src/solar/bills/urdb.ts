/**
 * Reading one OpenEI URDB rate item (API v7/v8, as pasted or uploaded) into a `UrdbRate`, and the checks a tariff must
 * pass to be billed the way NREL SAM's utility-rate module bills it (SSC lib_utility_rate_equations, BSD-3): every
 * scheduled period defined, tiers increasing, and the periods that share a month sharing one tier ladder. Every number
 * has a range and every array a length (docs/bills.md, "Input bounds"); a tariff with many faults answers the first few.
 */
import { CHARGE_UNITS, ENERGY_TIER_UNITS, type DemandTier, type EnergyTier, type TariffProblem, type UrdbRate } from './tariff.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Tier = EnergyTier | DemandTier;
type Problems = TariffProblem[];

/**
 * Array lengths: SAM's rate table once took 12 periods of 6 tiers and its largest published case has 36 periods
 * (`Residential_TOU_Rates_w_36_periods`); flat demand has one period a month at most. Past these, a tariff is refused
 * from the arrays' lengths alone, before anything in them is read. `reported`: the problems an answer lists.
 */
export const TARIFF_LIMITS = { periods: 72, tiers: 16, flatPeriods: 12, reported: 10 } as const;

interface Range { low: number; high: number; above?: boolean; unit?: string }
/**
 * Number ranges, in the tariff's currency (USD, INR or EUR): the dearest real price per kWh is a few units (MSEDCL's
 * top slab, ₹16.7), a demand charge tens of $ or hundreds of ₹ per kW; a tier's max is in its unit (kWh, kW, kWh/kW).
 */
export const TARIFF_RANGES = {
  energyRate: { low: 0, high: 100, unit: 'per kWh' },
  energyAdj: { low: -100, high: 100, unit: 'per kWh' },
  demandRate: { low: 0, high: 10_000, unit: 'per kW' },
  demandAdj: { low: -10_000, high: 10_000, unit: 'per kW' },
  max: { low: 0, high: 1e9, above: true },
  charge: { low: 0, high: 1e7 },
} as const satisfies Record<string, Range>;

const count = (n: number) => n.toLocaleString('en-US');
const hourOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const rangeText = (range: Range) =>
  `a number ${range.above ? `above ${count(range.low)} and at most ${count(range.high)}` : `from ${count(range.low)} to ${count(range.high)}`}${range.unit ? ` (${range.unit})` : ''}`;
const SCHEDULE = 'give 12 months × 24 hours of period indices';
const FLAT_MONTHS = 'give 12, January to December, each a period of flatdemandstructure';
const monthHours = (month: number, hours: number) => `${MONTHS[month]} has ${count(hours)} hours: give 24 period indices, 00:00 to 23:00`;

const isPerKw = (tier: EnergyTier) => tier.unit === 'kWh/kW' || tier.unit === 'kWh/kW daily';

function checkNumber(problems: Problems, field: string, value: number | undefined, range: Range) {
  if (value === undefined) return;
  const inside = Number.isFinite(value) && (range.above ? value > range.low : value >= range.low) && value <= range.high;
  if (!inside) problems.push({ field, message: `must be ${rangeText(range)}` });
}

/**
 * Each tier's numbers; within a period, the maxima of tiers of one unit increasing, and only the last one unbounded.
 * True when all of that holds (the months' ladders are compared only then: a bad max is named once, where it is).
 */
function checkLadders(problems: Problems, name: string, structure: readonly (readonly Tier[])[]): boolean {
  const before = problems.length;
  const [rate, adj] = name === 'energyratestructure' ? [TARIFF_RANGES.energyRate, TARIFF_RANGES.energyAdj] : [TARIFF_RANGES.demandRate, TARIFF_RANGES.demandAdj];
  structure.forEach((tiers, p) => {
    if (tiers.length === 0) problems.push({ field: `${name}[${p}]`, message: 'must have at least one tier' });
    const lastOfUnit = new Map<string, { tier: number; max: number | undefined }>();
    tiers.forEach((tier, t) => {
      const field = `${name}[${p}][${t}]`;
      checkNumber(problems, `${field}.rate`, tier.rate, rate);
      checkNumber(problems, `${field}.adj`, tier.adj, adj);
      checkNumber(problems, `${field}.max`, tier.max, TARIFF_RANGES.max);
      const unit = 'unit' in tier ? (tier.unit ?? 'kWh') : 'kW';
      if ('unit' in tier && tier.unit !== undefined && !ENERGY_TIER_UNITS.includes(tier.unit)) problems.push({ field: `${field}.unit`, message: `must be one of ${ENERGY_TIER_UNITS.join(', ')}` });
      if ('sell' in tier) checkNumber(problems, `${field}.sell`, tier.sell, TARIFF_RANGES.energyRate);
      const previous = lastOfUnit.get(unit);
      if (previous && previous.max === undefined) problems.push({ field: `${field}.max`, message: `follows tier ${previous.tier}, which has no max (unbounded) and the same unit` });
      else if (previous && tier.max !== undefined && previous.max! >= tier.max) problems.push({ field: `${field}.max`, message: `must be greater than the max of tier ${previous.tier} (${previous.max})` });
      lastOfUnit.set(unit, { tier: t, max: tier.max });
    });
    const perKw = (tiers as EnergyTier[]).findIndex((tier, t) => t > 0 && isPerKw(tier));
    if (name === 'energyratestructure' && perKw > 0 && !isPerKw(tiers[0] as EnergyTier))
      problems.push({ field: `${name}[${p}][${perKw}].unit`, message: 'kWh/kW tiers are billed only when the first tier of the period is kWh/kW too' });
  });
  return problems.length === before;
}

/** 12 rows of 24 period indices, each a period of the structure; a fault names its month and hour. */
function checkSchedule(problems: Problems, name: string, schedule: readonly (readonly number[])[] | undefined, periods: number, structure: string): boolean {
  if (!schedule || schedule.length !== 12) {
    problems.push({ field: name, message: schedule ? `has ${count(schedule.length)} months: ${SCHEDULE}` : `is missing: ${SCHEDULE}` });
    return false;
  }
  const before = problems.length;
  schedule.forEach((row, m) => {
    if (row.length !== 24) problems.push({ field: `${name}[${m}]`, message: monthHours(m, row.length) });
  });
  // Without periods there is nothing to point at: the structure's own problem says it.
  if (problems.length > before || periods === 0) return false;
  schedule.forEach((row, m) =>
    row.forEach((period, h) => {
      if (!Number.isInteger(period) || period < 0 || period >= periods)
        problems.push({ field: `${name}[${m}][${h}]`, message: `${MONTHS[m]}, ${hourOf(h)}: must be a period of ${structure} (0 to ${periods - 1})` });
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
  checkNumber(problems, amount, rate[amount], TARIFF_RANGES.charge);
  const value = rate[unit];
  if (value !== undefined && !CHARGE_UNITS.includes(value)) problems.push({ field: unit, message: `must be one of ${CHARGE_UNITS.join(', ')}` });
}

/** Every problem that keeps a tariff from being billed, each with the path of its field. */
export function tariffProblems(rate: UrdbRate): TariffProblem[] {
  const problems: Problems = [];
  const energy = rate.energyratestructure ?? [];
  if (energy.length === 0) problems.push({ field: 'energyratestructure', message: 'must list at least one period, each a list of tiers' });
  const energyOk = [
    checkLadders(problems, 'energyratestructure', energy),
    checkSchedule(problems, 'energyweekdayschedule', rate.energyweekdayschedule, energy.length, 'energyratestructure'),
    checkSchedule(problems, 'energyweekendschedule', rate.energyweekendschedule, energy.length, 'energyratestructure'),
  ].every(Boolean);
  if (energyOk && energy.length > 0) checkMonthLadders(problems, 'energyratestructure', energy, rate.energyweekdayschedule, rate.energyweekendschedule, true);

  const demand = rate.demandratestructure ?? [];
  if (demand.length > 0) {
    const ok = [
      checkLadders(problems, 'demandratestructure', demand),
      checkSchedule(problems, 'demandweekdayschedule', rate.demandweekdayschedule, demand.length, 'demandratestructure'),
      checkSchedule(problems, 'demandweekendschedule', rate.demandweekendschedule, demand.length, 'demandratestructure'),
    ].every(Boolean);
    if (ok) checkMonthLadders(problems, 'demandratestructure', demand, rate.demandweekdayschedule!, rate.demandweekendschedule!, false);
  }
  const flat = rate.flatdemandstructure ?? [];
  if (flat.length > 0) {
    checkLadders(problems, 'flatdemandstructure', flat);
    const months = rate.flatdemandmonths;
    if (!months || months.length !== 12) problems.push({ field: 'flatdemandmonths', message: months ? `has ${count(months.length)} months: ${FLAT_MONTHS}` : `is missing: ${FLAT_MONTHS}` });
    else
      months.forEach((period, m) => {
        if (!Number.isInteger(period) || period < 0 || period >= flat.length) problems.push({ field: `flatdemandmonths[${m}]`, message: `${MONTHS[m]}: must be a period of flatdemandstructure (0 to ${flat.length - 1})` });
      });
  }
  checkCharge(problems, rate, 'fixedchargefirstmeter', 'fixedchargeunits');
  checkCharge(problems, rate, 'mincharge', 'minchargeunits');
  return problems;
}

// Reading: strict about types (a number written as text is refused: an accepted "0.7" hid typos and units), absent
// fields may be given as null (as OpenEI writes them), and every array's length is checked before it is walked.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
const SCHEDULES = ['energyweekdayschedule', 'energyweekendschedule', 'demandweekdayschedule', 'demandweekendschedule'] as const;

/** A field read as text: OpenEI's strings as they are, anything else as JSON (which then fails the unit checks). */
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A number, or NaN (named as a problem here when it is text or another type, by the range checks when it is NaN). */
function readNumber(value: unknown, field: string, problems: Problems): number {
  if (typeof value === 'number') return value;
  problems.push({ field, message: typeof value === 'string' ? `must be a number, not text (${quoted(value)})` : 'must be a number' });
  return NaN;
}

const optionalNumber = (value: unknown, field: string, problems: Problems) => (absent(value) ? undefined : readNumber(value, field, problems));

/** Period indices are numbers or they are no period: the schedule checks name the month and hour. */
const toIndex = (value: unknown) => (typeof value === 'number' ? value : NaN);

function readTier(raw: unknown, field: string, problems: Problems, energy: boolean): Tier {
  if (!isObject(raw)) {
    problems.push({ field, message: 'must be a tier: an object with rate and optional max, adj' + (energy ? ', unit, sell' : '') });
    return { rate: 0 };
  }
  let rate = NaN;
  if (absent(raw.rate)) problems.push({ field: `${field}.rate`, message: `is missing: give ${rangeText(energy ? TARIFF_RANGES.energyRate : TARIFF_RANGES.demandRate)}` });
  else rate = readNumber(raw.rate, `${field}.rate`, problems);
  const tier: Record<string, number | string> = { rate };
  for (const key of energy ? ['max', 'adj', 'sell'] : ['max', 'adj']) {
    const value = optionalNumber(raw[key], `${field}.${key}`, problems);
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

function readSchedule(raw: unknown, name: string, problems: Problems): number[][] | undefined {
  if (absent(raw)) return undefined;
  if (!Array.isArray(raw)) {
    problems.push({ field: name, message: `must be a list: ${SCHEDULE}` });
    return undefined;
  }
  return raw.map((row) => (Array.isArray(row) ? row.map(toIndex) : []));
}

/** Arrays past TARIFF_LIMITS, seen from their lengths alone: a tariff holding one is refused before it is read. */
function tooLong(item: Json): Problems {
  const problems: Problems = [];
  const structures = [['energyratestructure', TARIFF_LIMITS.periods], ['demandratestructure', TARIFF_LIMITS.periods], ['flatdemandstructure', TARIFF_LIMITS.flatPeriods]] as const;
  for (const [name, most] of structures) {
    const periods = item[name];
    if (!Array.isArray(periods)) continue;
    if (periods.length > most) problems.push({ field: name, message: `has ${count(periods.length)} periods: at most ${most}` });
    else
      periods.forEach((tiers: unknown, p) => {
        if (Array.isArray(tiers) && tiers.length > TARIFF_LIMITS.tiers) problems.push({ field: `${name}[${p}]`, message: `has ${count(tiers.length)} tiers: at most ${TARIFF_LIMITS.tiers}` });
      });
  }
  for (const name of SCHEDULES) {
    const months = item[name];
    if (!Array.isArray(months)) continue;
    if (months.length > 12) problems.push({ field: name, message: `has ${count(months.length)} months: ${SCHEDULE}` });
    else
      months.forEach((hours: unknown, m) => {
        if (Array.isArray(hours) && hours.length > 24) problems.push({ field: `${name}[${m}]`, message: monthHours(m, hours.length) });
      });
  }
  const flatMonths = item.flatdemandmonths;
  if (Array.isArray(flatMonths) && flatMonths.length > 12) problems.push({ field: 'flatdemandmonths', message: `has ${count(flatMonths.length)} months: ${FLAT_MONTHS}` });
  return problems;
}

/** The first TARIFF_LIMITS.reported problems, and how many more there are (field '': the tariff as a whole). */
function reported(problems: Problems): Problems {
  const shown = TARIFF_LIMITS.reported;
  if (problems.length <= shown) return problems;
  const more = problems.length - shown;
  return [...problems.slice(0, shown), { field: '', message: `${count(more)} more problem${more === 1 ? '' : 's'} besides the ${shown} shown.` }];
}

/** 'energyratestructure[0][1].rate' and each part that holds it: 'energyratestructure[0][1]', … 'energyratestructure'. */
function selfAndParents(field: string): string[] {
  const parts = [field];
  for (let i = field.length - 1; i > 0; i--) if (field[i] === '[' || field[i] === '.') parts.push(field.slice(0, i));
  return parts;
}

/**
 * Reads one item of OpenEI's `items` (as pasted or uploaded: extra fields ignored, absent fields possibly null) into a
 * UrdbRate, or lists its problems with their field paths, e.g.
 * `{ field: 'energyratestructure[0][1].rate', message: 'must be a number from 0 to 100 (per kWh)' }`: at most
 * TARIFF_LIMITS.reported of them, then a count of the rest. Checks array lengths first, then types (a number written
 * as text is refused), ranges, schedule sizes (12×24), period indices that exist in the structure, tier max
 * increasing, units known, and SAM's one-ladder-per-month rule.
 */
export function readUrdbRate(item: unknown): { rate: UrdbRate } | { problems: TariffProblem[] } {
  if (!isObject(item)) return { problems: [{ field: '', message: 'must be one OpenEI rate item (an object)' }] };
  const long = tooLong(item);
  if (long.length > 0) return { problems: reported(long) };
  const shape: Problems = [];
  if (absent(item.energyratestructure)) shape.push({ field: 'energyratestructure', message: 'is missing: give at least one period, each a list of tiers' });
  for (const key of ['energyweekdayschedule', 'energyweekendschedule'] as const) if (absent(item[key])) shape.push({ field: key, message: `is missing: ${SCHEDULE}` });
  const rate: UrdbRate = {
    energyratestructure: readStructure(item.energyratestructure, 'energyratestructure', shape, true) ?? [],
    energyweekdayschedule: readSchedule(item.energyweekdayschedule, 'energyweekdayschedule', shape) ?? [],
    energyweekendschedule: readSchedule(item.energyweekendschedule, 'energyweekendschedule', shape) ?? [],
  };
  const demand = readStructure(item.demandratestructure, 'demandratestructure', shape, false);
  if (demand)
    Object.assign(rate, {
      demandratestructure: demand,
      demandweekdayschedule: readSchedule(item.demandweekdayschedule, 'demandweekdayschedule', shape),
      demandweekendschedule: readSchedule(item.demandweekendschedule, 'demandweekendschedule', shape),
    });
  const flat = readStructure(item.flatdemandstructure, 'flatdemandstructure', shape, false);
  if (flat) {
    const months = item.flatdemandmonths;
    if (!absent(months) && !Array.isArray(months)) shape.push({ field: 'flatdemandmonths', message: `must be a list: ${FLAT_MONTHS}` });
    Object.assign(rate, { flatdemandstructure: flat, flatdemandmonths: Array.isArray(months) ? months.map(toIndex) : undefined });
  }
  for (const key of ['fixedchargefirstmeter', 'mincharge'] as const) {
    const value = optionalNumber(item[key], key, shape);
    if (value !== undefined) rate[key] = value;
  }
  for (const key of ['fixedchargeunits', 'minchargeunits'] as const) if (!absent(item[key])) Object.assign(rate, { [key]: text(item[key]) });
  for (const key of Object.keys(rate) as (keyof UrdbRate)[]) if (rate[key] === undefined) delete rate[key];

  // A value problem inside a part already reported as malformed says nothing new.
  const malformed = new Set(shape.map((problem) => problem.field));
  const values = tariffProblems(rate).filter((problem) => !selfAndParents(problem.field).some((field) => malformed.has(field)));
  const problems = [...shape, ...values];
  return problems.length > 0 ? { problems: reported(problems) } : { rate };
}
