/** How the project screens write sizes and energy; no React here. */
import { formatArea, formatDecimal, formatEnergy } from '../../lib/number-format.ts';

/** Hectares with one decimal below 1,000 ha, whole above (and none drawn is a plain 0). */
export const hectaresText = (ha: number) => formatArea(ha, 'ha', ha >= 1000 || ha === 0 ? 0 : 1);

/** A DC size given in kW, in MW (kW below 1 MW). */
export const dcSizeText = (kw: number) => (kw >= 1000 ? `${formatDecimal(kw / 1000, kw >= 100_000 ? 0 : 1)} MWdc` : `${formatDecimal(kw, 0)} kWdc`);

/** Annual energy given in kWh, in MWh/yr (GWh/yr from 10 GWh). */
export const annualEnergyText = (kwh: number) => `${kwh >= 10_000_000 ? formatEnergy(kwh, 'GWh', 1) : formatEnergy(kwh, 'MWh')}/yr`;
