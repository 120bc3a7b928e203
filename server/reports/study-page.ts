/** The primary feasibility study's pages of the project report: figures, monthly energy, cash flows, assumptions. */
import { formatKm } from '../../src/solar/geo-distance.ts';
import { arrayTypeWords, energyModelWords, pvwattsV8Extras } from '../../src/solar/system-words.ts';
import { dayIn } from '../../src/contract/time-zone.ts';
import { isAfterTax } from '../../src/contract/settings.ts';
import { tariffLabels, type MonthBill } from '../../src/contract/behind-the-meter.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';
import { financeAssumptionsOf, singleOwnerTermsOf } from '../../src/solar/answers.ts';
import { sellRateWords } from '../../src/solar/behind-the-meter.ts';
import { tornado } from '../../src/solar/sensitivity.ts';
import { tornadoRows, type TornadoMetric } from '../../src/solar/tornado-rows.ts';
import { financeView } from '../feasibility/views.ts';
import { drawTornadoLegend, drawTornadoPanel } from './tornado-figure.ts';
import type { StudyRow } from '../feasibility/repository.ts';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const grouped = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const money = (value: number, currency: string) => `${currency} ${grouped(value)}`;
const years = (value: number | null) => (value === null ? 'not within the analysis period' : `${value.toFixed(1)} years`);

/** Vertical bars with a zero line, labelled underneath; negative values go below the line. */
function bars(doc: PDFKit.PDFDocument, values: number[], labels: string[], box: { x: number; y: number; width: number; height: number }, colour: (value: number) => string) {
  const { x, y, width, height } = box;
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const zeroY = y + (top / span) * height;
  const slot = width / values.length;
  values.forEach((value, i) => {
    const barHeight = (Math.abs(value) / span) * height;
    doc.rect(x + i * slot + slot * 0.15, value >= 0 ? zeroY - barHeight : zeroY, slot * 0.7, Math.max(barHeight, 0.3)).fill(colour(value));
    if (labels[i]) doc.fontSize(6.5).fillColor('#495057').text(labels[i], x + i * slot - 4, y + height + 4, { width: slot + 8, align: 'center' });
  });
  doc.moveTo(x, zeroY).lineTo(x + width, zeroY).lineWidth(0.5).strokeColor('#868e96').stroke();
}

export function drawPrimaryStudy(doc: PDFKit.PDFDocument, study: StudyRow, printable: (text: string) => string, timeZone: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { headline: h, energy, uncertainty } = study;
  const finance = financeView(study.finance);
  const currency = h.currency;
  const afterTax = isAfterTax(finance.structure);
  const pct = (value: number | null, none: string) => (value === null ? none : `${value.toFixed(2)} %`);
  doc.fontSize(14).fillColor('#212529').text(printable(`Primary feasibility study: ${study.name}`));
  doc.moveDown(0.2).fontSize(8.5).fillColor('#868e96').text(printable(`Model ${study.modelVersion}; preset ${study.presetName}; saved ${dayIn(study.createdAt, timeZone)} (${timeZone})`));
  doc.moveDown(0.5).fontSize(10).fillColor('#343a40');
  const facts: [string, string][] = [
    ['System', `${grouped(h.dc_kw / 1000, 2)} MWdc / ${grouped(h.ac_kw / 1000, 2)} MWac, ${arrayTypeWords(study.system).toLowerCase()}${study.system.mount === 'fixed' ? `, tilt ${study.system.tilt_deg} deg, azimuth ${study.system.azimuth_deg} deg` : ''}`],
    ['Energy model', energyModelWords(study.system)],
    ['Annual energy (P50)', `${grouped(h.annual_ac_kwh / 1000, 1)} MWh`],
    ['Annual energy (P90, one year)', `${grouped(h.p90_annual_kwh / 1000, 1)} MWh (combined uncertainty ${uncertainty.combined_sigma_pct.toFixed(1)} %)`],
    ['Specific yield', `${grouped(h.specific_yield_kwh_per_kwp)} kWh/kWp`],
    ['Capacity factor (AC)', `${(h.capacity_factor_ac * 100).toFixed(1)} %`],
    ['Performance ratio', `${(h.performance_ratio * 100).toFixed(1)} %`],
    ['Capex', money(h.capex, currency)],
    ...(afterTax
      ? ([
          ['Financing', finance.structure === 'behind_the_meter' ? 'behind the meter: the bills it saves, after tax (NREL SAM conventions)' : 'single owner, after tax (NREL SAM conventions)'],
          ...billFacts(finance),
          ['Total installed cost', money(finance.total_installed_cost, currency)],
          ['Debt', `${money(finance.debt_amount, currency)}; DSCR min ${finance.min_dscr?.toFixed(2) ?? 'none'}, average ${finance.avg_dscr?.toFixed(2) ?? 'none'}`],
          ['Equity IRR (after tax)', pct(finance.equity_irr_pct, finance.irr_note ?? 'none')],
          [`Equity IRR at year ${finance.assumptions.finance.target_irr_year ?? finance.assumptions.finance.analysis_years}`, pct(finance.irr_at_target_year_pct, 'none')],
          ['After-tax NPV', money(finance.after_tax_npv ?? h.npv, currency)],
          ['LCOE (real / nominal)', finance.lcoe_real_per_kwh === null ? 'none' : `${currency} ${finance.lcoe_real_per_kwh.toFixed(4)} / ${(finance.lcoe_nominal_per_kwh ?? 0).toFixed(4)} per kWh`],
        ] as [string, string][])
      : ([
          ['NPV', money(h.npv, currency)],
          ['IRR', h.irr_pct === null ? (finance.irr_note ?? 'none') : `${h.irr_pct.toFixed(2)} %`],
          ['LCOE (discounted)', h.lcoe_per_kwh === null ? 'none' : `${currency} ${h.lcoe_per_kwh.toFixed(4)} per kWh`],
        ] as [string, string][])),
    ['Breakeven PPA price', finance.breakeven_ppa_per_kwh === null ? (finance.breakeven_ppa_note ?? 'none') : `${currency} ${finance.breakeven_ppa_per_kwh.toFixed(4)} per kWh (${afterTax ? `equity IRR of ${finance.assumptions.finance.target_irr_pct} %` : 'NPV = 0'})`],
    ['Payback', `simple ${years(h.simple_payback_years)}, discounted ${years(h.discounted_payback_years)}`],
    ['Weather', `${study.weatherUsed.name} (${study.weatherUsed.source}, ${study.weatherUsed.format}, ${study.weatherUsed.confidence} confidence${study.weatherUsed.distance_km !== undefined ? `, ${formatKm(study.weatherUsed.distance_km)} from the project` : ''})${study.weatherUsed.attribution ? ` - ${study.weatherUsed.attribution}` : ''}`],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(printable(value), { width });

  doc.moveDown(0.8).fontSize(11).fillColor('#212529').font('Helvetica-Bold').text('Monthly AC energy (MWh)').font('Helvetica');
  const monthlyTop = doc.y + 6;
  const monthly = energy.monthly_ac_kwh.map((kwh) => kwh / 1000);
  bars(doc, monthly, monthNames.map((m, i) => `${m}\n${grouped(monthly[i]!, 0)}`), { x: left, y: monthlyTop, width, height: 110 }, () => '#f08c00');
  doc.x = left;
  doc.y = monthlyTop + 140;

  doc.fontSize(11).fillColor('#212529').font('Helvetica-Bold').text(`Yearly ${afterTax ? 'equity cash flow after tax' : 'net cash flow'} (${currency})`).font('Helvetica');
  const flowsTop = doc.y + 6;
  const flows = finance.years.map((year) => year.net_cash_flow);
  bars(doc, flows, finance.years.map((year) => (year.year % 5 === 0 ? String(year.year) : '')), { x: left, y: flowsTop, width, height: 110 }, (value) => (value >= 0 ? '#2f9e44' : '#e03131'));
  doc.x = left;
  doc.y = flowsTop + 130;

  drawBills(doc, finance);
  drawSensitivity(doc, study, afterTax);
  drawCashFlowTable(doc, finance, afterTax);

  const assumptionsLeft = doc.page.margins.left;
  const assumptionsWidth = doc.page.width - assumptionsLeft - doc.page.margins.right;
  doc.moveDown(0.8).fontSize(12).fillColor('#212529').font('Helvetica').text('Study assumptions', assumptionsLeft);
  doc.fontSize(8.5).fillColor('#343a40');
  const system = study.system;
  const lines = [
    `System: ${grouped(system.dc_kw, 1)} kWdc, ${arrayTypeWords(system).toLowerCase()}, DC/AC ${system.dc_ac_ratio}, losses ${system.losses_pct} %, inverter ${system.inverter_efficiency_pct} %, temperature coefficient ${system.gamma_pct_per_c} %/C, albedo ${system.albedo}, ${system.temperature_model} cell temperature${system.gcr === null ? '' : `, GCR ${system.gcr}`}${system.mount === 'single_axis' ? `, limit ${system.max_angle_deg} deg, backtracking ${system.backtrack ? 'on' : 'off'}` : ''}`,
    ...(pvwattsV8Extras(system).length > 0 ? [`PVWatts v8: ${pvwattsV8Extras(system).join(', ')}`] : []),
    ...(study.sizing ? [`Sized from the boundary: ${grouped(study.sizing.area_m2 / 10_000, 2)} ha x ${study.sizing.usable_pct} % usable x GCR ${study.sizing.gcr} x ${study.sizing.module_w_per_m2} W/m2`] : []),
    `Costs: capex ${study.assumptions.costs.capex_per_wdc} per Wdc plus ${grouped(study.assumptions.costs.fixed_costs)} fixed; O&M ${study.assumptions.costs.om_per_kw_yr} per kW${study.assumptions.costs.om_basis}-year, escalating ${study.assumptions.costs.om_escalation_pct} %/yr`,
    tariffLine(study.assumptions),
    ...behindTheMeterLines(study.assumptions),
    `Finance: discount rate ${study.assumptions.finance.discount_rate_pct} %, degradation ${study.assumptions.finance.degradation_pct} %/yr, ${study.assumptions.finance.analysis_years} years, ${study.assumptions.finance.currency}`,
    ...afterTaxLines(finance),
    ...uncertainty.terms.map((term) => `Uncertainty - ${term.label}: ${term.sigma_pct} % (1 sigma); ${term.source}`),
  ];
  for (const line of lines) doc.text(printable(line), { width: assumptionsWidth });
}

/**
 * What moves the answer, on its own page: the tornado of the study page for both headline figures, computed here from
 * the saved study as the what-if worker computes it (src/solar/sensitivity.ts), so the two agree.
 */
function drawSensitivity(doc: PDFKit.PDFDocument, study: StudyRow, afterTax: boolean) {
  const { headline: h } = study;
  const result = tornado({
    energy: { annualAcKwh: h.annual_ac_kwh, dcKw: h.dc_kw, acKw: h.ac_kw },
    assumptions: financeAssumptionsOf(study.assumptions),
    terms: singleOwnerTermsOf(study.assumptions, h.dc_kw),
    p90AnnualKwh: h.p90_annual_kwh,
  });
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(12).fillColor('#212529').font('Helvetica').text('What moves the answer', left);
  doc
    .moveDown(0.2)
    .fontSize(8.5)
    .fillColor('#868e96')
    .text(
      'Each input 10 % and 20 % lower and higher than in the study, one at a time, and whole scenarios; bars start at the study\'s own figure. The year-1 energy is scaled, not re-simulated, and P90 is the one-year P90 of the study.',
      { width },
    );
  let y = drawTornadoLegend(doc, left, doc.y + 6) + 4;
  const panels: { metric: TornadoMetric; title: string }[] = afterTax
    ? [
        { metric: 'irr', title: 'Equity IRR after tax' },
        { metric: 'npv', title: `After-tax NPV (${h.currency})` },
      ]
    : [
        { metric: 'irr', title: 'Project IRR' },
        { metric: 'npv', title: `NPV (${h.currency})` },
      ];
  for (const panel of panels) y = drawTornadoPanel(doc, { ...panel, currency: h.currency, ...tornadoRows(result, panel.metric, afterTax) }, { x: left, y, width });
}

/**
 * Every line of the yearly cash flow. After tax it is SAM's single-owner table, on a landscape page so every column
 * fits: revenue to CFADS, debt service, depreciation, taxable income, taxes, credits and the equity cash flow.
 */
/** Behind the meter: year 1's bills without and with solar, and the energy flows, a row a month. */
function drawBills(doc: PDFKit.PDFDocument, finance: FinanceResult) {
  const bills = finance.bills;
  if (!bills) return;
  doc.addPage({ layout: 'landscape' });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const currency = finance.currency;
  doc.fontSize(12).fillColor('#212529').font('Helvetica').text(`Bills in year 1 (${currency}), without and with solar`, left);
  doc.moveDown(0.3).fillColor('#343a40');
  const head = ['Month', 'Without: energy', 'demand', 'fixed', 'minimum', 'total', 'With: energy', 'demand', 'fixed', 'minimum', 'credits', 'total', 'Savings', 'Bought (kWh)', 'Exported (kWh)', 'Solar used (kWh)'];
  const rows = bills.map((b) => [
    monthNames[b.month - 1]!,
    ...[b.without.energy, b.without.demand, b.without.fixed, b.without.minimum, b.without.total, b.with.energy, b.with.demand, b.with.fixed, b.with.minimum, -b.with.credits, b.with.total, b.without.total - b.with.total].map((v) => grouped(v)),
    ...[b.import_kwh, b.export_kwh, b.self_consumed_kwh].map((v) => grouped(v)),
  ]);
  const total = (of: (b: MonthBill) => number) => grouped(bills.reduce((sum, b) => sum + of(b), 0));
  rows.push(['Year', total((b) => b.without.energy), total((b) => b.without.demand), total((b) => b.without.fixed), total((b) => b.without.minimum), total((b) => b.without.total), total((b) => b.with.energy), total((b) => b.with.demand), total((b) => b.with.fixed), total((b) => b.with.minimum), total((b) => -b.with.credits), total((b) => b.with.total), total((b) => b.without.total - b.with.total), total((b) => b.import_kwh), total((b) => b.export_kwh), total((b) => b.self_consumed_kwh)]);
  const columnWidth = width / head.length;
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
    let bottom = y + 9;
    cells.forEach((cell, i) => {
      doc.text(cell, left + i * columnWidth, y, { width: columnWidth - 3, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + (bold ? 2 : 0);
  };
  row(head, true);
  rows.forEach((cells, k) => row(cells, k === rows.length - 1));
  doc
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#868e96')
    .text('A negative bill is money owed to the customer. Credits are net-metering, net-billing and export sales, and the true-up payment of its month. Hour by hour under the tariff, as NREL SAM\'s utility-rate module computes it (docs/bills.md); the year starts on a Monday unless the load gives a calendar year.', left, doc.y, { width });
}

function billFacts(finance: FinanceResult): [string, string][] {
  if (finance.bill_without_solar_year1 === undefined) return [];
  const currency = finance.currency;
  return [
    ['Bill in year 1', `${money(finance.bill_without_solar_year1, currency)} without solar, ${money(finance.bill_with_solar_year1 ?? 0, currency)} with it: ${money(finance.savings_year1 ?? 0, currency)} saved`],
    ['Solar used on site', `${(finance.self_consumption_pct ?? 0).toFixed(1)} % of the solar energy; it meets ${(finance.self_sufficiency_pct ?? 0).toFixed(1)} % of the load`],
  ];
}

function tariffLine(a: FinanceResult['assumptions']): string {
  const t = a.tariff;
  if (t.energyratestructure === undefined) return `Tariff: ${t.price_per_kwh} per kWh, escalating ${t.escalation_pct} %/yr`;
  const name = [t.utility, t.name].filter((part) => typeof part === 'string' && part !== '').join(', ');
  const labels = tariffLabels(t);
  const about = [labels.sector && `${labels.sector} sector`, labels.edition && `in force from ${labels.edition}`].filter(Boolean).join(', ');
  return `Tariff: ${name || 'a URDB rate'}${about ? ` (${about})` : ''} (OpenEI URDB structure${typeof t.uri === 'string' ? `, ${t.uri}` : ''}), every rate and charge escalating ${t.escalation_pct} %/yr; owner: ${a.finance.owner === 'residential' ? 'a household' : 'a business'}`;
}

function behindTheMeterLines(a: FinanceResult['assumptions']): string[] {
  if (!a.load || !a.export) return [];
  const e = a.export;
  return [
    `Load: ${a.load.name}, ${grouped(a.load.annual_kwh)} kWh a year (${a.load.steps_per_hour === 4 ? 'quarter-hourly' : 'hourly'}), growing ${a.load.growth_pct} %/yr${a.load.calendar_year === null ? '; the year starts on a Monday' : `; calendar year ${a.load.calendar_year}`}`,
    `Export: ${e.rule.replaceAll('_', ' ')}, ${e.hourly_sell_rates ? sellRateWords(e.hourly_sell_rates) : `sell rate ${e.sell_rate_per_kwh} per kWh where the tariff gives none`}${e.rule === 'net_metering' ? `, credits paid at ${e.year_end_rate_per_kwh} per kWh in month ${e.true_up_month}` : ''}`,
  ];
}

function drawCashFlowTable(doc: PDFKit.PDFDocument, finance: FinanceResult, afterTax: boolean) {
  doc.addPage(afterTax ? { layout: 'landscape' } : {});
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(12).fillColor('#212529').font('Helvetica').text(afterTax ? `After-tax cash flows (${finance.currency})` : `Cash flows (${finance.currency})`, left);
  doc.moveDown(0.3).fillColor('#343a40');
  const columns: [string, (year: FinanceResult['years'][number]) => string][] = afterTax
    ? [
        ['Year', (year) => String(year.year)],
        ['Energy (MWh)', (year) => grouped(year.energy_kwh / 1000, 1)],
        ['Revenue', (year) => grouped(year.revenue)],
        ['O&M', (year) => grouped(year.om)],
        ['Insurance, property tax', (year) => grouped((year.insurance ?? 0) + (year.property_tax ?? 0))],
        ['CFADS', (year) => grouped(year.cfads ?? 0)],
        ['Interest', (year) => grouped(year.interest ?? 0)],
        ['Principal', (year) => grouped(year.principal ?? 0)],
        ['DSCR', (year) => (year.dscr === null || year.dscr === undefined ? '' : year.dscr.toFixed(2))],
        ['Depreciation', (year) => grouped(year.depreciation ?? 0)],
        ['Taxable income', (year) => grouped(year.taxable_income ?? 0)],
        ['State tax', (year) => grouped(year.state_tax ?? 0)],
        ['Federal tax', (year) => grouped(year.federal_tax ?? 0)],
        ['ITC', (year) => grouped(year.itc ?? 0)],
        ['PTC', (year) => grouped(year.ptc ?? 0)],
        ['Equity cash flow', (year) => grouped(year.net_cash_flow)],
        ['Cumulative', (year) => grouped(year.cumulative_cash_flow)],
      ]
    : [
        ['Year', (year) => String(year.year)],
        ['Energy (MWh)', (year) => grouped(year.energy_kwh / 1000, 1)],
        ['Revenue', (year) => grouped(year.revenue)],
        ['O&M', (year) => grouped(year.om)],
        ['Capex', (year) => grouped(year.capex)],
        ['Net', (year) => grouped(year.net_cash_flow)],
        ['Cumulative', (year) => grouped(year.cumulative_cash_flow)],
      ];
  const fontSize = afterTax ? 6.5 : 7.5;
  // The year column is narrow; the others share the rest.
  const yearWidth = 24;
  const columnWidth = (width - yearWidth) / (columns.length - 1);
  const xOf = (i: number) => (i === 0 ? left : left + yearWidth + (i - 1) * columnWidth);
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? fontSize - 1 : fontSize);
    // A head may wrap to two lines: the row ends below its tallest cell.
    let bottom = y + fontSize * 1.3;
    cells.forEach((cell, i) => {
      doc.text(cell, xOf(i), y, { width: (i === 0 ? yearWidth : columnWidth) - 3, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + (bold ? 2 : 0);
  };
  const header = () => row(columns.map(([label]) => label), true);
  header();
  for (const year of finance.years) {
    // A long analysis period carries on over a page, with the column heads again.
    if (doc.y + fontSize * 3 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage(afterTax ? { layout: 'landscape' } : {});
      header();
    }
    row(columns.map(([, cell]) => cell(year)));
  }
  if (afterTax) {
    doc
      .moveDown(0.5)
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#868e96')
      .text('Taxes paid are positive (a negative tax is a benefit) and credits are added. Year 0 is the equity paid in: the total installed cost, with financing fees and the first reserves, less the debt. Reserve funding and releases, not shown, close the sum; the spreadsheet export has every line.', left, doc.y, { width });
  }
}

/** A US study's owner, dates and federal credits, each with the law's reason. */
function creditLines(finance: FinanceResult): string[] {
  const credits = finance.credits ?? [];
  if (credits.length === 0) return [];
  const f = finance.assumptions.finance;
  return [
    `Federal tax credits for ${f.owner === 'residential' ? 'a household that buys the system' : 'a business owner'}, construction beginning ${f.begin_construction_date}, placed in service ${f.placed_in_service_date}:`,
    ...credits.map((credit) => `§${credit.section} (${credit.technology === 'pv' ? 'solar' : 'storage'}): ${credit.applies ? (credit.section.startsWith('45') ? 'applies at the PTC entered' : `${credit.rate_pct} % booked`) : 'none'}. ${credit.reason}`),
  ];
}

/** The after-tax terms in words, for a single-owner study. */
function afterTaxLines(finance: FinanceResult): string[] {
  const { finance: f, incentives: i, debt: d, reserves: r } = finance.assumptions;
  if (!isAfterTax(finance.structure) || !i || !d || !r) return [];
  const depreciation = typeof i.depreciation === 'string' ? i.depreciation : Object.entries(i.depreciation).map(([key, share]) => `${share} % ${key}`).join(', ');
  return [
    `Taxes: federal ${f.federal_tax_rate_pct} %, state ${f.state_tax_rate_pct} % (deductible from federal); equity discount rate ${f.equity_discount_rate_pct} %, inflation ${f.inflation_pct} %; target IRR ${f.target_irr_pct} % at year ${f.target_irr_year ?? f.analysis_years}`,
    `Incentives: ITC ${i.itc_pct} %, PTC ${i.ptc_per_kwh} per kWh for ${i.ptc_years} years (escalating ${i.ptc_escalation_pct} %/yr) as entered, capital subsidy ${grouped(i.capital_subsidy)}; depreciation ${depreciation}, bonus ${i.bonus_depreciation_pct} %`,
    ...creditLines(finance),
    `Debt: ${d.min_dscr !== null ? `sized at DSCR ${d.min_dscr}` : `${d.fraction_pct ?? 0} % of the installed cost`}, ${d.rate_pct} % over ${d.tenor_years} years, fee ${d.upfront_fee_pct} %, closing ${grouped(d.closing_costs)}`,
    `Reserves: working capital ${r.working_capital_months} months, debt service ${r.debt_service_months} months, earning ${r.interest_pct} %; ${r.equipment.length === 0 ? 'no equipment reserve' : r.equipment.map((e) => `${e.cost_per_wdc} per Wdc every ${e.every_years} years (${e.depreciation})`).join('; ')}`,
  ];
}
