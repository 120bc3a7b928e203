/** The primary feasibility study's pages of the project report: figures, monthly energy, cash flows, assumptions. */
import { arrayTypeWords, energyModelWords, pvwattsV8Extras } from '../../src/solar/system-words.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';
import { financeView } from '../feasibility/views.ts';
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

export function drawPrimaryStudy(doc: PDFKit.PDFDocument, study: StudyRow, printable: (text: string) => string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { headline: h, energy, uncertainty } = study;
  const finance = financeView(study.finance);
  const currency = h.currency;
  const afterTax = finance.structure === 'single_owner';
  const pct = (value: number | null, none: string) => (value === null ? none : `${value.toFixed(2)} %`);
  doc.fontSize(14).fillColor('#212529').text(printable(`Primary feasibility study: ${study.name}`));
  doc.moveDown(0.2).fontSize(8.5).fillColor('#868e96').text(printable(`Model ${study.modelVersion}; preset ${study.presetName}; saved ${study.createdAt.toISOString().slice(0, 10)}`));
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
          ['Financing', 'single owner, after tax (NREL SAM conventions)'],
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
    ['Weather', `${study.weatherUsed.name} (${study.weatherUsed.source}, ${study.weatherUsed.format}, ${study.weatherUsed.confidence} confidence)${study.weatherUsed.attribution ? ` - ${study.weatherUsed.attribution}` : ''}`],
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

  doc.addPage();
  doc.fontSize(12).fillColor('#212529').text('Cash flows');
  doc.moveDown(0.3).fontSize(7.5).fillColor('#343a40');
  const columns = afterTax
    ? ['Year', 'Energy (MWh)', 'Revenue', 'O&M', 'CFADS', 'Debt service', 'Tax', 'Credits', 'Equity', 'Cumulative']
    : ['Year', 'Energy (MWh)', 'Revenue', 'O&M', 'Capex', 'Net', 'Cumulative'];
  const columnWidth = width / columns.length;
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => doc.text(cell, left + i * columnWidth, y, { width: columnWidth - 4, align: i === 0 ? 'left' : 'right' }));
    doc.x = left;
  };
  row(columns, true);
  for (const year of finance.years) {
    if (afterTax) {
      const service = (year.interest ?? 0) + (year.principal ?? 0);
      const tax = (year.state_tax ?? 0) + (year.federal_tax ?? 0);
      const credits = (year.itc ?? 0) + (year.ptc ?? 0);
      row([String(year.year), grouped(year.energy_kwh / 1000, 1), grouped(year.revenue), grouped(year.om), grouped(year.cfads ?? 0), grouped(service), grouped(tax), grouped(credits), grouped(year.net_cash_flow), grouped(year.cumulative_cash_flow)]);
    } else row([String(year.year), grouped(year.energy_kwh / 1000, 1), grouped(year.revenue), grouped(year.om), grouped(year.capex), grouped(year.net_cash_flow), grouped(year.cumulative_cash_flow)]);
  }

  doc.moveDown(0.8).fontSize(12).fillColor('#212529').font('Helvetica').text('Study assumptions', left);
  doc.fontSize(8.5).fillColor('#343a40');
  const system = study.system;
  const lines = [
    `System: ${grouped(system.dc_kw, 1)} kWdc, ${arrayTypeWords(system).toLowerCase()}, DC/AC ${system.dc_ac_ratio}, losses ${system.losses_pct} %, inverter ${system.inverter_efficiency_pct} %, temperature coefficient ${system.gamma_pct_per_c} %/C, albedo ${system.albedo}, ${system.temperature_model} cell temperature${system.gcr === null ? '' : `, GCR ${system.gcr}`}${system.mount === 'single_axis' ? `, limit ${system.max_angle_deg} deg, backtracking ${system.backtrack ? 'on' : 'off'}` : ''}`,
    ...(pvwattsV8Extras(system).length > 0 ? [`PVWatts v8: ${pvwattsV8Extras(system).join(', ')}`] : []),
    ...(study.sizing ? [`Sized from the boundary: ${grouped(study.sizing.area_m2 / 10_000, 2)} ha x ${study.sizing.usable_pct} % usable x GCR ${study.sizing.gcr} x ${study.sizing.module_w_per_m2} W/m2`] : []),
    `Costs: capex ${study.assumptions.costs.capex_per_wdc} per Wdc plus ${grouped(study.assumptions.costs.fixed_costs)} fixed; O&M ${study.assumptions.costs.om_per_kw_yr} per kW${study.assumptions.costs.om_basis}-year, escalating ${study.assumptions.costs.om_escalation_pct} %/yr`,
    `Tariff: ${study.assumptions.tariff.price_per_kwh} per kWh, escalating ${study.assumptions.tariff.escalation_pct} %/yr`,
    `Finance: discount rate ${study.assumptions.finance.discount_rate_pct} %, degradation ${study.assumptions.finance.degradation_pct} %/yr, ${study.assumptions.finance.analysis_years} years, ${study.assumptions.finance.currency}`,
    ...afterTaxLines(finance),
    ...uncertainty.terms.map((term) => `Uncertainty - ${term.label}: ${term.sigma_pct} % (1 sigma); ${term.source}`),
  ];
  for (const line of lines) doc.text(printable(line), { width });
}

/** The after-tax terms in words, for a single-owner study. */
function afterTaxLines(finance: FinanceResult): string[] {
  const { finance: f, incentives: i, debt: d, reserves: r } = finance.assumptions;
  if (finance.structure !== 'single_owner' || !i || !d || !r) return [];
  const depreciation = typeof i.depreciation === 'string' ? i.depreciation : Object.entries(i.depreciation).map(([key, share]) => `${share} % ${key}`).join(', ');
  return [
    `Taxes: federal ${f.federal_tax_rate_pct} %, state ${f.state_tax_rate_pct} % (deductible from federal); equity discount rate ${f.equity_discount_rate_pct} %, inflation ${f.inflation_pct} %; target IRR ${f.target_irr_pct} % at year ${f.target_irr_year ?? f.analysis_years}`,
    `Incentives: ITC ${i.itc_pct} %, PTC ${i.ptc_per_kwh} per kWh for ${i.ptc_years} years (escalating ${i.ptc_escalation_pct} %/yr), capital subsidy ${grouped(i.capital_subsidy)}; depreciation ${depreciation}, bonus ${i.bonus_depreciation_pct} %`,
    `Debt: ${d.min_dscr !== null ? `sized at DSCR ${d.min_dscr}` : `${d.fraction_pct ?? 0} % of the installed cost`}, ${d.rate_pct} % over ${d.tenor_years} years, fee ${d.upfront_fee_pct} %, closing ${grouped(d.closing_costs)}`,
    `Reserves: working capital ${r.working_capital_months} months, debt service ${r.debt_service_months} months, earning ${r.interest_pct} %; ${r.equipment.length === 0 ? 'no equipment reserve' : r.equipment.map((e) => `${e.cost_per_wdc} per Wdc every ${e.every_years} years (${e.depreciation})`).join('; ')}`,
  ];
}
