/**
 * A study's finance as a workbook a banker can rebuild (ADR 022): an "Assumptions" sheet with every input (label,
 * value, unit, source) and a "Cash flow" sheet whose every cell is a formula of the assumptions and of earlier cells,
 * so that changing an input recomputes the model (the debt size and the major-equipment reserves included). Values,
 * not formulas: the year-1 energy and the capacities (the simulation's output) and the depreciation tables (IRS and
 * SAM tables are data). Each formula carries its cached result (the engine's figure) for viewers that do not
 * recalculate.
 */
import type ExcelJS from 'exceljs';
import type { FinanceResult } from '../../src/contract/energy.ts';
import { sameAssumptionValue, isAfterTax } from '../../src/contract/settings.ts';
import { singleOwnerTermsOf } from '../../src/solar/answers.ts';
import { DEPRECIATION_CLASSES, depreciationFractions, takesBonus, type ScheduleKey } from '../../src/solar/depreciation.ts';
import { findBuiltin } from '../settings/preset-defaults.ts';

type Value = number | string;
type Cached = { f: string; v: Value };

const MONEY = '#,##0.00;-#,##0.00';
const KWH = '#,##0';
const PRICE = '0.000000';
const PCT = '0.0000%';
const FACTOR = '0.000000000';
const RATIO = '0.0000';

/**
 * Newton's starting rates for IRR, tried in turn. Without a guess IRR starts at 10 % and gives up after 20 steps, so it
 * misses the low and negative rates of equity flows that change sign several times (−, +, −…, +), where LibreOffice
 * answered Err:523 and the engine a rate. On 6,500 single-owner and pre-tax cash flows (rates from −77 % to +46 %)
 * this list reached the engine's rate (src/solar/cash-flow.ts: the unique one from −99 % to +1,000 %) every time.
 */
const IRR_GUESSES = [0.1, 0, -0.05, -0.2, -0.5, -0.8, 0.5, 3];
const NO_SIGN_CHANGE = 'none: the cash flows never change sign';
const NO_IRR_FOUND = 'none found: judge the study by its NPV';

/** IRR of `range` through the guesses, or a sentence when there is none (never an error cell). */
function irrFormula(range: string): string {
  const tries = IRR_GUESSES.reduceRight((rest, guess) => `IFERROR(IRR(${range},${guess}),${rest})`, `"${NO_IRR_FOUND}"`);
  return `IF(MIN(${range})*MAX(${range})>=0,"${NO_SIGN_CHANGE}",${tries})`;
}

/** The engine's IRR as a fraction, or the sentence irrFormula gives when the engine found none. */
function irrValue(pct: number | null, flows: readonly number[]): Value {
  if (pct !== null) return pct / 100;
  return Math.min(...flows) * Math.max(...flows) >= 0 ? NO_SIGN_CHANGE : NO_IRR_FOUND;
}

const colLetter = (index: number): string => {
  let n = index;
  let out = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    out = String.fromCharCode(65 + m) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/** Column of year t on the cash-flow sheet: A holds the labels, B the units, C year 0. */
const yearCol = (t: number) => colLetter(3 + t);
const YEAR_ROW = 4;

export interface StudyExportSource {
  projectName: string;
  studyName: string;
  finance: FinanceResult;
}

/** exceljs is loaded at the first export: it took ~0.4 s of every start. */
export async function studyWorkbook(source: StudyExportSource): Promise<Buffer> {
  const { finance } = source;
  const { Workbook } = (await import('exceljs')).default;
  const wb = new Workbook();
  wb.creator = 'Sunplot';
  wb.created = new Date();
  wb.calcProperties.fullCalcOnLoad = true;
  const assumptions = wb.addWorksheet('Assumptions', { views: [{ state: 'frozen', xSplit: 1, ySplit: 3 }] });
  const cash = wb.addWorksheet('Cash flow', { views: [{ state: 'frozen', xSplit: 2, ySplit: YEAR_ROW }] });
  const builder = new Builder(assumptions, cash, finance);
  builder.header(source);
  if (isAfterTax(finance.structure)) builder.singleOwner();
  else builder.preTax();
  builder.finish();
  return Buffer.from(await wb.xlsx.writeBuffer());
}

class Builder {
  private aRow = 3;
  /** Absolute addresses of the inputs and derived figures, by key. */
  private readonly at = new Map<string, string>();
  private readonly cached = new Map<string, Value>();
  private cRow = YEAR_ROW;
  private readonly rows = new Map<string, { row: number; values: Value[] }>();
  private readonly n: number;
  private readonly currency: string;
  private readonly builtin;

  constructor(
    private readonly a: ExcelJS.Worksheet,
    private readonly c: ExcelJS.Worksheet,
    private readonly finance: FinanceResult,
  ) {
    this.n = finance.assumptions.finance.analysis_years;
    this.currency = finance.currency;
    this.builtin = findBuiltin(finance.preset.id);
  }

  header(source: StudyExportSource) {
    const a = this.a;
    a.getCell('A1').value = `${source.projectName} — ${source.studyName}: assumptions`;
    a.getCell('A1').font = { bold: true, size: 13 };
    a.getCell('A2').value = `Model: ${isAfterTax(this.finance.structure) ? "single owner, after tax (NREL SAM's Single Owner conventions; docs/finance.md)" : 'pre-tax project cash flows (docs/finance.md)'}. Inputs in blue may be changed; the cash-flow sheet recomputes.`;
    for (const [i, text] of ['Input', 'Value', 'Unit', 'Source'].entries()) {
      const cell = a.getRow(3).getCell(i + 1);
      cell.value = text;
      cell.font = { bold: true };
    }
    a.columns = [{ width: 52 }, { width: 18 }, { width: 16 }, { width: 90 }];
    const c = this.c;
    c.getCell('A1').value = `${source.projectName} — ${source.studyName}: ${isAfterTax(this.finance.structure) ? "owner's after-tax cash flows" : 'pre-tax cash flows'} (${this.currency}, nominal)`;
    c.getCell('A1').font = { bold: true, size: 13 };
    c.getCell('A2').value = 'Every cell below is a formula of the Assumptions sheet and of earlier cells: change an input there and the model recomputes.';
    c.getCell(`A${YEAR_ROW}`).value = 'Year';
    c.getCell(`B${YEAR_ROW}`).value = 'Unit';
    for (let t = 0; t <= this.n; t++) {
      const cell = c.getCell(`${yearCol(t)}${YEAR_ROW}`);
      cell.value = t === 0 ? 0 : { formula: `${yearCol(t - 1)}${YEAR_ROW}+1`, result: t };
      cell.font = { bold: true };
    }
    c.getRow(YEAR_ROW).font = { bold: true };
    c.getColumn(1).width = 46;
    c.getColumn(2).width = 10;
    for (let t = 0; t <= this.n; t++) c.getColumn(3 + t).width = 16;
  }

  // ----- Assumptions sheet -----

  section(title: string) {
    this.aRow += 2;
    const cell = this.a.getCell(`A${this.aRow}`);
    cell.value = title;
    cell.font = { bold: true };
  }

  private sourceOf(path: string | null, value: unknown): string {
    if (path === null) return '';
    const [section, field] = path.split('.') as [string, string];
    const builtin = this.builtin;
    if (builtin) {
      const presetValue = (builtin.assumptions as unknown as Record<string, Record<string, unknown>>)[section]?.[field];
      const cited = builtin.sources[path];
      if (cited && sameAssumptionValue(presetValue, value)) return `${cited.source}${cited.year ? ` (${cited.year})` : ''}${cited.approximate ? ', estimate' : ''}`;
      return `Study input (changed from the preset "${builtin.name}")`;
    }
    return `Preset "${this.finance.preset.name}" or the study's request`;
  }

  /** An input: a value the banker may change. `pathValue` is the value as the API holds it (for the source). */
  input(key: string, label: string, value: Value, unit: string, format: string, path: string | null, pathValue: unknown = value) {
    this.aRow++;
    const row = this.a.getRow(this.aRow);
    row.getCell(1).value = label;
    row.getCell(2).value = value;
    row.getCell(2).numFmt = format;
    row.getCell(2).font = { color: { argb: 'FF0000C0' } };
    row.getCell(3).value = unit;
    row.getCell(4).value = this.sourceOf(path, pathValue);
    this.at.set(key, `Assumptions!$B$${this.aRow}`);
    this.cached.set(key, value);
  }

  /** A derived figure: a formula on the Assumptions sheet. */
  derived(key: string, label: string, formula: string, value: Value, unit: string, format: string, note = '') {
    this.aRow++;
    const row = this.a.getRow(this.aRow);
    row.getCell(1).value = label;
    row.getCell(2).value = { formula, result: value };
    row.getCell(2).numFmt = format;
    row.getCell(3).value = unit;
    row.getCell(4).value = note;
    this.at.set(key, `Assumptions!$B$${this.aRow}`);
    this.cached.set(key, value);
  }

  ref(key: string): string {
    const address = this.at.get(key);
    if (!address) throw new Error(`no assumption ${key}`);
    return address;
  }

  num(key: string): number {
    return Number(this.cached.get(key));
  }

  // ----- Cash-flow sheet -----

  /** The cell of line `key` in year t (relative references, as a dragged formula). */
  cell(key: string, t: number): string {
    const line = this.rows.get(key);
    if (!line) throw new Error(`no line ${key}`);
    return `${t < 0 ? 'B' : yearCol(t)}${line.row}`;
  }

  value(key: string, t: number): number {
    const line = this.rows.get(key);
    if (!line || t < 0 || t > this.n) return 0;
    return Number(line.values[t] ?? 0);
  }

  /** Reserves rows for lines that refer to each other within a year (the debt schedule), in this order. */
  plan(keys: string[]) {
    keys.forEach((key, i) => this.rows.set(key, { row: this.cRow + 1 + i, values: [] }));
  }

  yearRange(): string {
    return `$C$${YEAR_ROW}:$${yearCol(this.n)}$${YEAR_ROW}`;
  }

  range(key: string): string {
    const row = this.rows.get(key)!.row;
    return `$C$${row}:$${yearCol(this.n)}$${row}`;
  }

  /** A line of the cash-flow sheet; `build(t, T)` gives year t's formula (T is the year cell) and its value. */
  line(key: string, label: string, unit: string, format: string, build: (t: number, T: string) => Cached, options: { bold?: boolean } = {}) {
    const planned = this.rows.get(key);
    this.cRow = planned ? planned.row : this.cRow + 1;
    const row = this.c.getRow(this.cRow);
    row.getCell(1).value = label;
    row.getCell(2).value = unit;
    const values: Value[] = planned?.values ?? [];
    this.rows.set(key, { row: this.cRow, values });
    for (let t = 0; t <= this.n; t++) {
      const { f, v } = build(t, `${yearCol(t)}$${YEAR_ROW}`);
      values.push(v);
      const cell = row.getCell(3 + t);
      cell.value = { formula: f, result: v };
      cell.numFmt = format;
    }
    if (options.bold) row.font = { bold: true };
  }

  private headlineRow = 0;
  headline(label: string, formula: string, value: Value | null, unit: string, format: string) {
    if (this.headlineRow === 0) {
      this.cRow += 2;
      this.c.getCell(`A${this.cRow}`).value = 'Headline figures';
      this.c.getCell(`A${this.cRow}`).font = { bold: true };
      this.headlineRow = this.cRow;
    }
    this.cRow++;
    const row = this.c.getRow(this.cRow);
    row.getCell(1).value = label;
    row.getCell(2).value = unit;
    row.getCell(3).value = value === null ? { formula } : ({ formula, result: value });
    row.getCell(3).numFmt = format;
    row.getCell(3).font = { bold: true };
  }

  finish() {
    // Wide enough for the longest figure of any year (formatted with grouping and two decimals), so nothing shows ###.
    let widest = 12;
    for (const { values } of this.rows.values()) {
      for (const value of values) {
        if (typeof value === 'number' && Number.isFinite(value)) widest = Math.max(widest, value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length);
      }
    }
    for (let t = 0; t <= this.n; t++) this.c.getColumn(3 + t).width = widest + 3;
    // Labels beside a value are cut off by it: the label columns fit the longest such label.
    for (const [sheet, minimum] of [
      [this.a, 40],
      [this.c, 30],
    ] as Array<[ExcelJS.Worksheet, number]>) {
      let longest = minimum;
      sheet.eachRow((row) => {
        if (row.getCell(2).value !== null) longest = Math.max(longest, row.getCell(1).text.length + 2);
      });
      sheet.getColumn(1).width = Math.min(longest, 120);
    }
  }

  // ----- Common inputs -----

  private commonInputs() {
    const f = this.finance;
    const { costs, tariff, finance: terms } = f.assumptions;
    const cur = this.currency;
    this.section('Energy and size');
    this.input('e1', 'Energy in year 1 (simulation output, P50)', f.energy.annual_ac_kwh, 'kWh', KWH, null);
    this.a.getCell(`D${this.aRow}`).value = f.energy.source === 'computed' ? 'Sunplot simulation of the study (a value, not a formula)' : 'Given with the request';
    this.input('dc_kw', 'DC capacity', f.energy.dc_kw, 'kWdc', '#,##0.00', null);
    this.input('ac_kw', 'AC capacity', f.energy.ac_kw, 'kWac', '#,##0.00', null);
    this.input('deg', 'Degradation', terms.degradation_pct / 100, '% / year', PCT, 'finance.degradation_pct', terms.degradation_pct);
    this.input('years', 'Analysis period (the sheet has one column per year: fixed by this export)', this.n, 'years', '0', 'finance.analysis_years');
    this.section('Costs and revenue');
    this.input('capex_per_wdc', 'Installed cost per Wdc', costs.capex_per_wdc, `${cur}/Wdc`, '0.0000', 'costs.capex_per_wdc');
    this.input('fixed', 'Fixed costs (interconnection, development)', costs.fixed_costs, cur, MONEY, 'costs.fixed_costs');
    this.derived('capex', 'Capex = cost per Wdc × DC capacity × 1000 + fixed costs', `${this.ref('capex_per_wdc')}*${this.ref('dc_kw')}*1000+${this.ref('fixed')}`, f.capex, cur, MONEY);
    this.input('om_kw', 'O&M per kW-year (year 1)', costs.om_per_kw_yr, `${cur}/kW-yr`, '0.0000', 'costs.om_per_kw_yr');
    this.input('om_basis', 'O&M capacity basis ("dc" or "ac")', costs.om_basis, '', '@', 'costs.om_basis');
    this.derived('om_cap', 'O&M capacity', `IF(${this.ref('om_basis')}="ac",${this.ref('ac_kw')},${this.ref('dc_kw')})`, costs.om_basis === 'ac' ? f.energy.ac_kw : f.energy.dc_kw, 'kW', '#,##0.00');
    this.input('om_esc', 'O&M escalation', costs.om_escalation_pct / 100, '% / year', PCT, 'costs.om_escalation_pct', costs.om_escalation_pct);
    this.input('price', 'PPA price in year 1', tariff.price_per_kwh, `${cur}/kWh`, PRICE, 'tariff.price_per_kwh');
    this.input('price_esc', 'PPA price escalation', tariff.escalation_pct / 100, '% / year', PCT, 'tariff.escalation_pct', tariff.escalation_pct);
  }

  // ----- Pre-tax model -----

  preTax() {
    const f = this.finance;
    const cur = this.currency;
    this.commonInputs();
    this.section('Discounting');
    this.input('disc', 'Discount rate (nominal)', f.assumptions.finance.discount_rate_pct / 100, '% / year', PCT, 'finance.discount_rate_pct', f.assumptions.finance.discount_rate_pct);
    const R = (key: string) => this.ref(key);
    const y = (t: number) => f.years[t]!;
    this.line('energy', 'Energy', 'kWh', KWH, (t, T) => ({ f: `IF(${T}=0,0,${R('e1')}*(1-${R('deg')})^(${T}-1))`, v: y(t).energy_kwh }));
    this.line('ppa', 'PPA price', `${cur}/kWh`, PRICE, (t, T) => ({ f: `IF(${T}=0,0,${R('price')}*(1+${R('price_esc')})^(${T}-1))`, v: t === 0 ? 0 : f.assumptions.tariff.price_per_kwh * (1 + f.assumptions.tariff.escalation_pct / 100) ** (t - 1) }));
    this.line('revenue', 'PPA revenue', cur, MONEY, (t) => ({ f: `${this.cell('energy', t)}*${this.cell('ppa', t)}`, v: y(t).revenue }));
    this.line('om', 'O&M', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,0,${R('om_kw')}*${R('om_cap')}*(1+${R('om_esc')})^(${T}-1))`, v: y(t).om }));
    this.line('capex', 'Capex', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,${R('capex')},0)`, v: y(t).capex }));
    this.line('net', 'Net cash flow', cur, MONEY, (t) => ({ f: `${this.cell('revenue', t)}-${this.cell('om', t)}-${this.cell('capex', t)}`, v: y(t).net_cash_flow }), { bold: true });
    this.line('df', 'Discount factor', '', FACTOR, (t, T) => ({ f: `1/(1+${R('disc')})^${T}`, v: (1 + f.assumptions.finance.discount_rate_pct / 100) ** -t }));
    this.line('discounted', 'Discounted cash flow', cur, MONEY, (t) => ({ f: `${this.cell('net', t)}*${this.cell('df', t)}`, v: y(t).discounted_cash_flow }));
    this.line('cumulative', 'Cumulative cash flow', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,${this.cell('net', t)},${this.cell('cumulative', t - 1)}+${this.cell('net', t)})`, v: y(t).cumulative_cash_flow }));
    this.line('cumulative_discounted', 'Cumulative discounted cash flow', cur, MONEY, (t, T) => ({
      f: `IF(${T}=0,${this.cell('discounted', t)},${this.cell('cumulative_discounted', t - 1)}+${this.cell('discounted', t)})`,
      v: y(t).cumulative_discounted_cash_flow,
    }));
    const net = this.range('net');
    const first = this.cell('net', 0).replace(/(\D+)(\d+)/, '$$$1$$$2');
    const rest = `$D$${this.rows.get('net')!.row}:$${yearCol(this.n)}$${this.rows.get('net')!.row}`;
    this.headline('NPV (pre-tax)', `${first}+NPV(${R('disc')},${rest})`, f.npv, cur, MONEY);
    this.headline('IRR (pre-tax)', irrFormula(net), irrValue(f.irr_pct, f.years.map((year) => year.net_cash_flow)), '%', PCT);
    this.headline('LCOE (nominal)', `(${R('capex')}+SUMPRODUCT(${this.range('om')},${this.range('df')}))/SUMPRODUCT(${this.range('energy')},${this.range('df')})`, f.lcoe_per_kwh, `${cur}/kWh`, PRICE);
  }

  // ----- Single-owner model -----

  singleOwner() {
    const f = this.finance;
    const terms = singleOwnerTermsOf(f.assumptions, f.energy.dc_kw);
    if (!terms) throw new Error('not a single-owner study');
    const { costs, finance: fin, incentives, debt, reserves } = f.assumptions;
    if (!incentives || !debt || !reserves) throw new Error('a single-owner study needs incentives, debt and reserves');
    const cur = this.currency;
    const n = this.n;
    const pct = (value: number | undefined) => (value ?? 0) / 100;
    this.commonInputs();
    this.input('om_fixed', 'Fixed O&M per year (year 1)', costs.om_fixed_per_year ?? 0, cur, MONEY, 'costs.om_fixed_per_year');
    this.input('om_mwh', 'O&M per MWh (year 1)', costs.om_per_mwh ?? 0, `${cur}/MWh`, '0.0000', 'costs.om_per_mwh');
    this.input('ins', 'Insurance, of capex (grows with inflation)', pct(costs.insurance_pct), '% / year', PCT, 'costs.insurance_pct', costs.insurance_pct);
    this.input('assessed', 'Property: assessed share of capex', pct(costs.property_assessed_pct), '%', PCT, 'costs.property_assessed_pct', costs.property_assessed_pct);
    this.input('decline', 'Property: assessed value decline per year', pct(costs.property_assessed_decline_pct), '% / year', PCT, 'costs.property_assessed_decline_pct', costs.property_assessed_decline_pct);
    this.input('ptax', 'Property tax rate', pct(costs.property_tax_pct), '% / year', PCT, 'costs.property_tax_pct', costs.property_tax_pct);
    this.input('constr', 'Construction financing (depreciable, year 0)', costs.construction_financing ?? 0, cur, MONEY, 'costs.construction_financing');
    this.input('salvage', 'Salvage value, of capex (last year)', pct(costs.salvage_pct), '%', PCT, 'costs.salvage_pct', costs.salvage_pct);

    this.section('Taxes and discounting');
    this.input('fed', 'Federal income tax rate', pct(fin.federal_tax_rate_pct), '%', PCT, 'finance.federal_tax_rate_pct', fin.federal_tax_rate_pct);
    this.input('state', 'State income tax rate (deductible from federal)', pct(fin.state_tax_rate_pct), '%', PCT, 'finance.state_tax_rate_pct', fin.state_tax_rate_pct);
    this.input('eq_rate', 'Equity discount rate (nominal)', pct(fin.equity_discount_rate_pct), '% / year', PCT, 'finance.equity_discount_rate_pct', fin.equity_discount_rate_pct);
    this.input('infl', 'Inflation', pct(fin.inflation_pct), '% / year', PCT, 'finance.inflation_pct', fin.inflation_pct);
    const realRate = (1 + pct(fin.equity_discount_rate_pct)) / (1 + pct(fin.inflation_pct)) - 1;
    this.derived('real', 'Real discount rate = (1 + nominal) / (1 + inflation) − 1', `(1+${this.ref('eq_rate')})/(1+${this.ref('infl')})-1`, realRate, '% / year', PCT);
    this.input('target_year', 'Target IRR year', terms.targetIrrYear, 'year', '0', 'finance.target_irr_year', fin.target_irr_year);

    this.section('Incentives');
    // A US study books the credits the law allows on its dates (src/solar/tax-credits.ts), not always the rates entered.
    if ((this.finance.credits ?? []).length > 0) {
      const law = 'as the federal credit rules allow on the study\'s dates (the study page says why; docs/finance.md)';
      this.input('itc', `ITC of the eligible basis (year 1), ${law}`, pct(terms.itcPct), '%', PCT, null);
      this.input('ptc', `PTC per kWh (year 1; rounded to 0.1 ¢ each year), ${law}`, terms.ptcPerKwh, `${cur}/kWh`, PRICE, null);
    } else {
      this.input('itc', 'ITC, of the eligible basis (year 1)', pct(incentives.itc_pct), '%', PCT, 'incentives.itc_pct', incentives.itc_pct);
      this.input('ptc', 'PTC per kWh (year 1; rounded to 0.1 ¢ each year)', incentives.ptc_per_kwh, `${cur}/kWh`, PRICE, 'incentives.ptc_per_kwh');
    }
    this.input('ptc_years', 'PTC years', incentives.ptc_years, 'years', '0', 'incentives.ptc_years');
    this.input('ptc_esc', 'PTC escalation', pct(incentives.ptc_escalation_pct), '% / year', PCT, 'incentives.ptc_escalation_pct', incentives.ptc_escalation_pct);
    this.input('subsidy', 'Capital subsidy (year 0; taxable in year 1)', incentives.capital_subsidy, cur, MONEY, 'incentives.capital_subsidy');
    this.input('bonus', 'Bonus depreciation (MACRS classes, year 1)', pct(incentives.bonus_depreciation_pct), '%', PCT, 'incentives.bonus_depreciation_pct', incentives.bonus_depreciation_pct);
    this.derived('basis', 'Depreciable basis = capex + construction financing', `${this.ref('capex')}+${this.ref('constr')}`, f.capex + (costs.construction_financing ?? 0), cur, MONEY);

    // Depreciation classes: share, ITC and bonus flags are inputs; the yearly fractions are tables (data).
    const allocation: Array<[ScheduleKey, number]> =
      typeof terms.depreciation === 'string'
        ? terms.depreciation === 'none'
          ? []
          : [[terms.depreciation, 1]]
        : DEPRECIATION_CLASSES.flatMap((key) => {
            const share = (terms.depreciation as Partial<Record<string, number>>)[key] ?? 0;
            return share > 0 ? [[key, share / 100] as [ScheduleKey, number]] : [];
          });
    const itcClasses = terms.itcClasses ?? (typeof terms.depreciation === 'string' ? [terms.depreciation] : ['macrs_5']);
    const basis = this.num('basis');
    this.section(`Depreciation (${typeof terms.depreciation === 'string' ? terms.depreciation : 'allocation to classes'}${terms.depreciation === 'straight_line' ? ` over ${terms.depreciationYears} years` : ''}). Fractions of the basis per year are IRS / SAM tables: data, not formulas.`);
    this.aRow++;
    const headerRow = this.a.getRow(this.aRow);
    ['Class', 'Share of basis', 'Earns ITC (1/0)', 'Takes bonus (1/0)', 'Basis after ITC', 'Bonus amount'].forEach((text, i) => {
      headerRow.getCell(i + 1).value = text;
      headerRow.getCell(i + 1).font = { bold: true };
    });
    for (let t = 1; t <= n; t++) {
      headerRow.getCell(6 + t).value = `Year ${t}`;
      headerRow.getCell(6 + t).font = { bold: true };
      this.a.getColumn(6 + t).width = Math.max(this.a.getColumn(6 + t).width ?? 0, 11);
    }
    this.a.getColumn(5).width = 18;
    this.a.getColumn(6).width = 16;
    const classRows: Array<{ key: ScheduleKey; row: number; afterItc: number; bonus: number; fractions: number[] }> = [];
    for (const [key, share] of allocation) {
      this.aRow++;
      const r = this.aRow;
      const row = this.a.getRow(r);
      const earns = itcClasses.includes(key) ? 1 : 0;
      const bonusFlag = takesBonus(key) ? 1 : 0;
      const afterItc = share * basis * (1 - (earns ? pct(terms.itcPct) / 2 : 0));
      const bonus = bonusFlag ? afterItc * pct(terms.bonusDepreciationPct) : 0;
      row.getCell(1).value = key;
      row.getCell(2).value = share;
      row.getCell(2).numFmt = PCT;
      row.getCell(3).value = earns;
      row.getCell(4).value = bonusFlag;
      for (const c of [2, 3, 4]) row.getCell(c).font = { color: { argb: 'FF0000C0' } };
      row.getCell(5).value = { formula: `B${r}*${this.ref('basis')}*(1-C${r}*${this.ref('itc')}/2)`, result: afterItc };
      row.getCell(5).numFmt = MONEY;
      row.getCell(6).value = { formula: `D${r}*E${r}*${this.ref('bonus')}`, result: bonus };
      row.getCell(6).numFmt = MONEY;
      const fractions = depreciationFractions(key, n, terms.depreciationYears);
      fractions.forEach((fraction, i) => {
        row.getCell(7 + i).value = fraction;
        row.getCell(7 + i).numFmt = '0.0000%';
      });
      classRows.push({ key, row: r, afterItc, bonus, fractions });
    }
    const firstClass = classRows[0]?.row;
    const lastClass = classRows.at(-1)?.row;
    const itcShareValue = terms.depreciation === 'none' && terms.itcClasses === null ? 1 : allocation.filter(([key]) => itcClasses.includes(key)).reduce((sum, [, share]) => sum + share, 0);
    this.aRow++;
    if (terms.depreciation === 'none' && terms.itcClasses === null) {
      this.input('itc_share', 'ITC-eligible share of the basis (no depreciation: the whole basis)', 1, '%', PCT, null);
    } else {
      this.derived('itc_share', 'ITC-eligible share of the basis', firstClass ? `SUMPRODUCT(Assumptions!$B$${firstClass}:$B$${lastClass},Assumptions!$C$${firstClass}:$C$${lastClass})` : '0', itcShareValue, '%', PCT);
    }
    this.derived('itc_amount', 'ITC = rate × eligible basis', `${this.ref('itc')}*${this.ref('itc_share')}*${this.ref('basis')}`, pct(terms.itcPct) * itcShareValue * basis, cur, MONEY);

    this.section(`Debt (${terms.debt.kind === 'dscr' ? 'sized by DSCR' : 'a share of the total installed cost'})`);
    if (terms.debt.kind === 'dscr') this.input('dscr', 'Target DSCR (sizes the debt)', terms.debt.minDscr, '×', RATIO, 'debt.min_dscr');
    else this.input('frac', 'Debt, share of total installed cost', pct(terms.debt.fractionPct), '%', PCT, 'debt.fraction_pct', debt.fraction_pct);
    this.input('rate', 'Interest rate', pct(terms.debtRatePct), '% / year', PCT, 'debt.rate_pct', debt.rate_pct);
    this.input('tenor', 'Tenor', terms.debtTenorYears, 'years', '0', 'debt.tenor_years');
    this.input('fee', 'Upfront fee, of the debt', pct(terms.debtUpfrontFeePct), '%', PCT, 'debt.upfront_fee_pct', debt.upfront_fee_pct);
    this.input('closing', 'Closing costs', terms.debtClosingCosts, cur, MONEY, 'debt.closing_costs');
    this.section('Reserves');
    this.input('wc_months', 'Working capital reserve: months of next year\'s operating costs', terms.workingCapitalMonths, 'months', '0.00', 'reserves.working_capital_months');
    this.input('ds_months', 'Debt service reserve: months of next year\'s debt service', terms.debtServiceMonths, 'months', '0.00', 'reserves.debt_service_months');
    this.input('res_int', 'Interest earned on reserves (taxable)', pct(terms.reserveInterestPct), '% / year', PCT, 'reserves.interest_pct', reserves.interest_pct);
    const equipmentRows: Array<{ fractionsRow: number; fractions: number[] }> = [];
    for (const [i, item] of reserves.equipment.entries()) {
      this.input(`equip_cost_${i}`, `Major-equipment reserve ${i + 1}: cost of one replacement per Wdc (year-1 money, grows with inflation)`, item.cost_per_wdc, `${cur}/Wdc`, '0.0000', null);
      this.input(`equip_every_${i}`, `Major-equipment reserve ${i + 1}: replaced every`, item.every_years, 'years', '0', null);
      this.aRow++;
      const row = this.a.getRow(this.aRow);
      row.getCell(1).value = `Major-equipment reserve ${i + 1}: depreciation fractions (${item.depreciation}) by year of service, from column G (data)`;
      const fractions = depreciationFractions(item.depreciation, n, terms.depreciationYears);
      fractions.forEach((fraction, k) => {
        row.getCell(7 + k).value = fraction;
        row.getCell(7 + k).numFmt = '0.0000%';
      });
      equipmentRows.push({ fractionsRow: this.aRow, fractions });
    }

    // Derived figures that need the cash-flow lines are written after them.
    const R = (key: string) => this.ref(key);
    const y = (t: number) => f.years[t]!;
    const N = R('years');
    const equipment = equipmentLines(terms, f.energy.dc_kw, n);

    this.line('energy', 'Energy (kWh)', 'kWh', KWH, (t, T) => ({ f: `IF(${T}=0,0,${R('e1')}*(1-${R('deg')})^(${T}-1))`, v: y(t).energy_kwh }));
    this.line('ppa', 'PPA price', `${cur}/kWh`, PRICE, (t, T) => ({ f: `IF(${T}=0,0,${R('price')}*(1+${R('price_esc')})^(${T}-1))`, v: t === 0 ? 0 : f.assumptions.tariff.price_per_kwh * (1 + f.assumptions.tariff.escalation_pct / 100) ** (t - 1) }));
    // Behind the meter the revenue is each year's bill savings, computed hour by hour under the tariff (docs/bills.md).
    const savings = f.structure === 'behind_the_meter';
    this.line('revenue', savings ? 'Bill savings (hour by hour under the tariff)' : 'PPA revenue', cur, MONEY, (t) =>
      savings ? { f: String(y(t).revenue), v: y(t).revenue } : { f: `${this.cell('energy', t)}*${this.cell('ppa', t)}`, v: y(t).revenue },
    );
    this.line('salvage', 'Salvage value', cur, MONEY, (t, T) => ({ f: `IF(${T}=${N},${R('capex')}*${R('salvage')},0)`, v: y(t).salvage ?? 0 }));
    this.line('om', 'O&M', cur, MONEY, (t, T) => ({
      f: `IF(${T}=0,0,(${R('om_kw')}*${R('om_cap')}+${R('om_fixed')}+${R('om_mwh')}/1000*${this.cell('energy', t)})*(1+${R('om_esc')})^(${T}-1))`,
      v: y(t).om,
    }));
    this.line('insurance', 'Insurance', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,0,${R('capex')}*${R('ins')}*(1+${R('infl')})^(${T}-1))`, v: y(t).insurance ?? 0 }));
    this.line('property_tax', 'Property tax', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,0,${R('capex')}*${R('assessed')}*MAX(0,1-(${T}-1)*${R('decline')})*${R('ptax')})`, v: y(t).property_tax ?? 0 }));
    this.line('opex', 'Total operating expenses', cur, MONEY, (t) => ({ f: `${this.cell('om', t)}+${this.cell('insurance', t)}+${this.cell('property_tax', t)}`, v: this.value('om', t) + this.value('insurance', t) + this.value('property_tax', t) }));
    this.line('ebitda', 'EBITDA', cur, MONEY, (t) => ({ f: `${this.cell('revenue', t)}+${this.cell('salvage', t)}-${this.cell('opex', t)}`, v: this.value('revenue', t) + this.value('salvage', t) - this.value('opex', t) }));
    const hasEquipment = equipmentRows.length > 0;
    const watts = `${R('dc_kw')}*1000`;
    for (const [i, { fractionsRow }] of equipmentRows.entries()) {
      const K = R(`equip_every_${i}`);
      const C = R(`equip_cost_${i}`);
      const item = equipment[i]!;
      // Funded in equal parts over the years before each replacement, in the money of the replacement's year.
      this.line(`equip_funding_${i}`, `Major-equipment reserve ${i + 1}: funding`, cur, MONEY, (t, T) => ({
        f: `IF(AND(${T}>=1,ROUNDUP(${T}/${K},0)*${K}<=${N}),${C}*${watts}*(1+${R('infl')})^(ROUNDUP(${T}/${K},0)*${K}-1)/${K},0)`,
        v: item.funding[t]!,
      }));
      this.line(`equip_spend_${i}`, `Major-equipment reserve ${i + 1}: replacement`, cur, MONEY, (t, T) => ({
        f: `IF(AND(${T}>=1,MOD(${T},${K})=0),${C}*${watts}*(1+${R('infl')})^(${T}-1),0)`,
        v: item.spend[t]!,
      }));
      // Each replacement is depreciated on its own schedule from the year it is made.
      this.line(`equip_dep_${i}`, `Major-equipment reserve ${i + 1}: depreciation`, cur, MONEY, (t) => ({
        f: t === 0 ? '0' : Array.from({ length: t }, (_, k) => `${this.cell(`equip_spend_${i}`, k + 1)}*Assumptions!$${colLetter(7 + t - (k + 1))}$${fractionsRow}`).join('+'),
        v: item.depreciation[t]!,
      }));
    }
    if (hasEquipment) {
      const sum = (prefix: string, t: number) => equipmentRows.map((_, i) => this.cell(`${prefix}_${i}`, t)).join('+');
      const total = (key: 'funding' | 'depreciation', t: number) => equipment.reduce((acc, item) => acc + item[key][t]!, 0);
      this.line('equip_funding', 'Major-equipment reserve funding (total)', cur, MONEY, (t) => ({ f: sum('equip_funding', t), v: total('funding', t) }));
      this.line('equip_balance', 'Major-equipment reserve balance', cur, MONEY, (t, T) => ({
        f: `IF(${T}=0,0,${this.cell('equip_balance', t - 1)}+${sum('equip_funding', t)}-(${sum('equip_spend', t)}))`,
        v: equipment.reduce((acc, item) => acc + item.balance[t]!, 0),
      }));
      this.line('equip_dep', 'Major-equipment depreciation (total)', cur, MONEY, (t) => ({ f: sum('equip_dep', t), v: total('depreciation', t) }));
    }
    const eqFunding = (t: number) => (hasEquipment ? `-${this.cell('equip_funding', t)}` : '');
    this.line('cfads', 'CFADS (cash available for debt service)', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,0,${this.cell('ebitda', t)}${eqFunding(t)})`, v: y(t).cfads ?? 0 }), { bold: true });
    this.line('wc', 'Working capital reserve balance', cur, MONEY, (t, T) => ({ f: `IF(${T}<${N},${R('wc_months')}/12*${this.cell('opex', t + 1)},0)`, v: t < n ? (terms.workingCapitalMonths / 12) * this.value('opex', t + 1) : 0 }));

    // Debt: its size is a formula of the CFADS (DSCR sizing) or the closed form of SAM's iteration (a share of cost).
    const rate = pct(terms.debtRatePct);
    const tenor = Math.min(terms.debtTenorYears, n);
    const annuity = tenor === 0 ? 0 : rate === 0 ? 1 / tenor : rate / (1 - (1 + rate) ** -tenor);
    this.section('Debt size (a formula of the cash flows)');
    if (terms.debt.kind === 'dscr') {
      const years = `'Cash flow'!${this.yearRange()}`;
      this.derived(
        'debt',
        'Debt = present value of CFADS over the tenor ÷ target DSCR',
        `IF(${R('tenor')}=0,0,MAX(0,SUMPRODUCT((${years}>=1)*(${years}<=${R('tenor')})*'Cash flow'!${this.range('cfads')}/(1+${R('rate')})^${years})/${R('dscr')}))`,
        f.debt_amount,
        cur,
        MONEY,
        'SAM\'s DSCR sizing: each year of the tenor pays CFADS ÷ DSCR',
      );
    } else {
      this.derived(
        'debt',
        'Debt = share × (1 + share × fee) × cost before the debt service reserve ÷ (1 − share × (1 + share × fee) × months/12 × annuity)',
        `IF(${R('tenor')}=0,0,${R('frac')}*(1+${R('frac')}*${R('fee')})*(${R('capex')}+${R('constr')}+${R('closing')}+'Cash flow'!$C$${this.rows.get('wc')!.row}-${R('subsidy')})/(1-${R('frac')}*(1+${R('frac')}*${R('fee')})*${R('ds_months')}/12*IF(${R('rate')}=0,1/${R('tenor')},${R('rate')}/(1-(1+${R('rate')})^-${R('tenor')}))))`,
        f.debt_amount,
        cur,
        MONEY,
        'The fixed point SAM iterates to (10 rounds or 0.001): the cost holds the fee and the debt service reserve, which depend on the debt',
      );
      this.derived('payment', 'Level debt payment', `IF(${R('tenor')}=0,0,IF(${R('rate')}=0,${R('debt')}/${R('tenor')},${R('rate')}*${R('debt')}/(1-(1+${R('rate')})^-${R('tenor')})))`, f.debt_amount * annuity, cur, MONEY);
    }
    const debtAmount = f.debt_amount;
    const inTenor = (T: string) => `AND(${T}>=1,${T}<=${R('tenor')},${R('debt')}>0)`;
    this.plan(['service', 'interest', 'principal', 'balance']);
    this.line('service', 'Debt service', cur, MONEY, (t, T) => ({
      f: terms.debt.kind === 'dscr' ? `IF(${inTenor(T)},${this.cell('cfads', t)}/${R('dscr')},0)` : `IF(${inTenor(T)},${R('payment')},0)`,
      v: (y(t).interest ?? 0) + (y(t).principal ?? 0),
    }));
    this.line('interest', 'Debt interest', cur, MONEY, (t, T) => ({ f: `IF(AND(${T}>=1,${T}<=${R('tenor')}),${this.cell('balance', t - 1)}*${R('rate')},0)`, v: y(t).interest ?? 0 }));
    this.line('principal', 'Debt principal', cur, MONEY, (t) => ({ f: `${this.cell('service', t)}-${this.cell('interest', t)}`, v: y(t).principal ?? 0 }));
    this.line('balance', 'Debt balance (end of year)', cur, MONEY, (t, T) => ({
      f: `IF(${T}=0,${R('debt')},${this.cell('balance', t - 1)}-${this.cell('principal', t)})`,
      v: t === 0 ? debtAmount : this.value('balance', t - 1) - (y(t).principal ?? 0),
    }));
    this.line('dscr', 'DSCR', '×', RATIO, (t, T) => ({ f: `IF(AND(${T}<=${R('tenor')},${this.cell('service', t)}<>0),${this.cell('cfads', t)}/${this.cell('service', t)},"")`, v: y(t).dscr ?? '' }));
    if (terms.debt.kind === 'dscr') {
      const minDscr = terms.debt.minDscr;
      this.line('dscr_check', 'DSCR check (≥ target)', '', '@', (t) => ({
        f: `IF(${this.cell('dscr', t)}="","",IF(${this.cell('dscr', t)}>=${R('dscr')}-0.000001,"OK","BELOW TARGET"))`,
        v: y(t).dscr === null || y(t).dscr === undefined ? '' : y(t).dscr! >= minDscr - 1e-6 ? 'OK' : 'BELOW TARGET',
      }));
    }
    this.line('dsr', 'Debt service reserve balance', cur, MONEY, (t, T) => ({
      f: `IF(${T}<${R('tenor')},${R('ds_months')}/12*${this.cell('service', t + 1)},0)`,
      v: t < tenor ? (terms.debtServiceMonths / 12) * this.value('service', t + 1) : 0,
    }));
    this.line('dsr_funding', 'Debt service reserve funding', cur, MONEY, (t, T) => ({
      f: `IF(${T}<${R('tenor')},${this.cell('dsr', t)}-IF(${T}=0,0,${this.cell('dsr', t - 1)}),0)`,
      v: t < tenor ? this.value('dsr', t) - (t === 0 ? 0 : this.value('dsr', t - 1)) : 0,
    }));
    this.line('dsr_release', 'Debt service reserve release', cur, MONEY, (t, T) => ({ f: `IF(AND(${T}=${R('tenor')},${T}>=1),${this.cell('dsr', t - 1)},0)`, v: t === tenor && t >= 1 ? this.value('dsr', t - 1) : 0 }));
    this.line('wc_funding', 'Working capital reserve funding', cur, MONEY, (t, T) => ({
      f: `IF(${T}<${N},${this.cell('wc', t)}-IF(${T}=0,0,${this.cell('wc', t - 1)}),0)`,
      v: t < n ? this.value('wc', t) - (t === 0 ? 0 : this.value('wc', t - 1)) : 0,
    }));
    this.line('wc_release', 'Working capital reserve release', cur, MONEY, (t, T) => ({ f: `IF(${T}=${N},${this.cell('wc', t - 1)},0)`, v: t === n ? this.value('wc', t - 1) : 0 }));
    // Total installed cost: needs the year-0 reserves from the cash-flow sheet.
    this.section('Calculated from the cash-flow sheet');
    this.derived(
      'tic',
      'Total installed cost = capex + construction financing + closing + fee × debt + initial reserves − subsidy',
      `${R('capex')}+${R('constr')}+${R('closing')}+${R('fee')}*${R('debt')}+'Cash flow'!$C$${this.rows.get('dsr')!.row}+'Cash flow'!$C$${this.rows.get('wc')!.row}-${R('subsidy')}`,
      f.total_installed_cost,
      cur,
      MONEY,
    );
    this.derived('equity0', 'Equity = total installed cost − debt', `${R('tic')}-${R('debt')}`, f.total_installed_cost - f.debt_amount, cur, MONEY);

    this.line('reserve_funding', 'Reserve funding (total)', cur, MONEY, (t) => ({
      f: `${this.cell('dsr_funding', t)}+${this.cell('wc_funding', t)}${hasEquipment ? `+${this.cell('equip_funding', t)}` : ''}`,
      v: y(t).reserve_funding ?? 0,
    }));
    this.line('reserve_release', 'Reserve release (total)', cur, MONEY, (t) => ({ f: `${this.cell('dsr_release', t)}+${this.cell('wc_release', t)}`, v: y(t).reserve_release ?? 0 }));
    this.line('reserve_interest', 'Interest on reserves', cur, MONEY, (t, T) => ({
      f: `IF(${T}=0,0,${R('res_int')}*(${this.cell('dsr', t - 1)}+${this.cell('wc', t - 1)}${hasEquipment ? `+${this.cell('equip_balance', t - 1)}` : ''}))`,
      v: y(t).reserve_interest ?? 0,
    }));

    for (const cls of classRows) {
      this.line(`dep_${cls.key}`, `Depreciation: ${cls.key}`, cur, MONEY, (t, T) => ({
        f: t === 0 ? '0' : `(Assumptions!$E$${cls.row}-Assumptions!$F$${cls.row})*Assumptions!${colLetter(6 + t)}$${cls.row}+IF(${T}=1,Assumptions!$F$${cls.row},0)`,
        v: t === 0 ? 0 : (cls.afterItc - cls.bonus) * (cls.fractions[t - 1] ?? 0) + (t === 1 ? cls.bonus : 0),
      }));
    }
    const depParts = (t: number) => [...classRows.map((cls) => this.cell(`dep_${cls.key}`, t)), ...(hasEquipment ? [this.cell('equip_dep', t)] : [])];
    this.line('depreciation', 'Depreciation (total)', cur, MONEY, (t) => ({ f: depParts(t).length > 0 ? depParts(t).join('+') : '0', v: y(t).depreciation ?? 0 }));
    this.line('state_taxable', 'State taxable income', cur, MONEY, (t, T) => ({
      f: `IF(${T}=0,0,${this.cell('ebitda', t)}+${this.cell('reserve_interest', t)}-${this.cell('interest', t)}-${this.cell('depreciation', t)}+IF(${T}=1,${R('subsidy')},0))`,
      v: t === 0 ? 0 : (y(t).taxable_income ?? 0) + (y(t).state_tax ?? 0),
    }));
    this.line('state_tax', 'State tax (negative: a benefit)', cur, MONEY, (t) => ({ f: `${R('state')}*${this.cell('state_taxable', t)}`, v: y(t).state_tax ?? 0 }));
    this.line('taxable', 'Federal taxable income', cur, MONEY, (t) => ({ f: `${this.cell('state_taxable', t)}-${this.cell('state_tax', t)}`, v: y(t).taxable_income ?? 0 }));
    this.line('federal_tax', 'Federal tax (negative: a benefit)', cur, MONEY, (t) => ({ f: `${R('fed')}*${this.cell('taxable', t)}`, v: y(t).federal_tax ?? 0 }));
    this.line('itc', 'ITC', cur, MONEY, (t, T) => ({ f: `IF(${T}=1,${R('itc_amount')},0)`, v: y(t).itc ?? 0 }));
    this.line('ptc', 'PTC', cur, MONEY, (t, T) => ({
      f: `IF(AND(${T}>=1,${T}<=${R('ptc_years')}),${this.cell('energy', t)}/1000*ROUND(1000*${R('ptc')}*(1+${R('ptc_esc')})^(${T}-1),0),0)`,
      v: y(t).ptc ?? 0,
    }));
    this.line('tic', 'Total installed cost (year 0)', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,${R('tic')},0)`, v: y(t).capex }));
    this.line('equity', 'After-tax equity cash flow', cur, MONEY, (t, T) => ({
      f:
        `IF(${T}=0,-(${R('tic')}-${R('debt')}),${this.cell('ebitda', t)}+${this.cell('reserve_interest', t)}-${this.cell('interest', t)}-${this.cell('principal', t)}` +
        `-${this.cell('reserve_funding', t)}+${this.cell('reserve_release', t)}-${this.cell('state_tax', t)}-${this.cell('federal_tax', t)}+${this.cell('ptc', t)}+${this.cell('itc', t)})`,
      v: y(t).equity_cash_flow ?? 0,
    }), { bold: true });
    const eqRate = pct(fin.equity_discount_rate_pct);
    this.line('df', 'Discount factor (equity rate, nominal)', '', FACTOR, (t, T) => ({ f: `1/(1+${R('eq_rate')})^${T}`, v: (1 + eqRate) ** -t }));
    this.line('df_real', 'Discount factor (real, for the real LCOE)', '', FACTOR, (t, T) => ({ f: `1/(1+${R('real')})^${T}`, v: (1 + realRate) ** -t }));
    this.line('discounted', 'Discounted equity cash flow', cur, MONEY, (t) => ({ f: `${this.cell('equity', t)}*${this.cell('df', t)}`, v: y(t).discounted_cash_flow }));
    this.line('cumulative', 'Cumulative equity cash flow', cur, MONEY, (t, T) => ({ f: `IF(${T}=0,${this.cell('equity', t)},${this.cell('cumulative', t - 1)}+${this.cell('equity', t)})`, v: y(t).cumulative_cash_flow }));

    const eq = this.range('equity');
    const eqRow = this.rows.get('equity')!.row;
    this.headline('After-tax NPV (equity)', `$C$${eqRow}+NPV(${R('eq_rate')},$D$${eqRow}:$${yearCol(n)}$${eqRow})`, f.after_tax_npv ?? f.npv, cur, MONEY);
    const equityFlows = f.years.map((year) => year.equity_cash_flow ?? 0);
    this.headline('Equity IRR (after tax)', irrFormula(eq), irrValue(f.equity_irr_pct, equityFlows), '%', PCT);
    this.headline('Equity IRR at the target year', irrFormula(`OFFSET($C$${eqRow},0,0,1,${R('target_year')}+1)`), irrValue(f.irr_at_target_year_pct, equityFlows.slice(0, terms.targetIrrYear + 1)), '%', PCT);
    const pvCosts = `-SUMPRODUCT(${eq}-${this.range('revenue')},${this.range('df')})`;
    this.headline('LCOE (nominal)', `${pvCosts}/SUMPRODUCT(${this.range('energy')},${this.range('df')})`, f.lcoe_nominal_per_kwh, `${cur}/kWh`, PRICE);
    this.headline('LCOE (real)', `${pvCosts}/SUMPRODUCT(${this.range('energy')},${this.range('df_real')})`, f.lcoe_real_per_kwh, `${cur}/kWh`, PRICE);
    this.headline('Minimum DSCR', `IF(COUNT(${this.range('dscr')})=0,"",MIN(${this.range('dscr')}))`, f.min_dscr ?? '', '×', RATIO);
    this.headline('Debt', R('debt'), f.debt_amount, cur, MONEY);
    this.headline('Total installed cost', R('tic'), f.total_installed_cost, cur, MONEY);
  }
}

/** The engine's major-equipment reserve lines (src/solar/single-owner.ts), each item on its own: the cached results. */
function equipmentLines(terms: NonNullable<ReturnType<typeof singleOwnerTermsOf>>, dcKw: number, n: number) {
  const inflation = terms.inflationPct / 100;
  return terms.equipment.map((item) => {
    const zeros = () => Array<number>(n + 1).fill(0);
    const funding = zeros();
    const spend = zeros();
    const balance = zeros();
    const depreciation = zeros();
    if (item.everyYears > 0 && item.costPerWdc !== 0) {
      const fractions = depreciationFractions(item.depreciation, n, terms.depreciationYears);
      for (let spendYear = item.everyYears; spendYear <= n; spendYear += item.everyYears) {
        const cost = item.costPerWdc * dcKw * 1000 * (1 + inflation) ** (spendYear - 1);
        for (let y = spendYear - item.everyYears + 1; y <= spendYear; y++) funding[y]! += cost / item.everyYears;
        for (let y = spendYear; y <= n; y++) depreciation[y]! += cost * (fractions[y - spendYear] ?? 0);
        spend[spendYear]! += cost;
      }
    }
    for (let y = 1; y <= n; y++) balance[y] = balance[y - 1]! + funding[y]! - spend[y]!;
    return { funding, spend, balance, depreciation };
  });
}
