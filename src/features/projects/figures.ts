/** How the project screens write sizes and energy; no React here. */

const number = (value: number, digits: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Hectares with one decimal below 1,000 ha, whole above (and none drawn is a plain 0). */
export const hectaresText = (ha: number) => `${number(ha, ha >= 1000 || ha === 0 ? 0 : 1)} ha`;

/** A DC size given in kW, in MW (kW below 1 MW). */
export const dcSizeText = (kw: number) => (kw >= 1000 ? `${number(kw / 1000, kw >= 100_000 ? 0 : 1)} MWdc` : `${number(kw, 0)} kWdc`);

/** Annual energy given in kWh, in MWh/yr (GWh/yr from 10 GWh). */
export const annualEnergyText = (kwh: number) => (kwh >= 10_000_000 ? `${number(kwh / 1e6, 1)} GWh/yr` : `${number(kwh / 1000, 0)} MWh/yr`);
