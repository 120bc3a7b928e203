/**
 * P50/P90 annual energy. P50 is the simulated typical year; the spread around it is the root sum of squares of
 * independent normal terms (σ = √Σσᵢ²), and P90 = P50 × (1 − 1.2816 σ) for one year ahead (the one-sided 90 % point
 * of a normal; Dobos, Gilman & Kasberg 2012, NREL/CP-6A20-54488).
 */
export interface UncertaintyTerm {
  key: 'interannual' | 'model' | 'resource';
  label: string;
  sigmaPct: number;
  source: string;
}

export const Z_90 = 1.2816;

/** Year-to-year variability of annual irradiation: 2-5 % (1σ) across US stations; 4 % is a typical mid value. */
export const INTERANNUAL_VARIABILITY: UncertaintyTerm = {
  key: 'interannual',
  label: 'Interannual variability of the solar resource',
  sigmaPct: 4,
  source: 'Gueymard & Wilcox 2011, Solar Energy 85(5):1068-1084 (annual GHI, 2-5 % COV); Thevenard & Pelland 2013, Solar Energy 91:432-445',
};

/** PVWatts-class model chain (transposition, temperature, losses) against measured yield: about 5 % (1σ). */
export const MODEL_UNCERTAINTY: UncertaintyTerm = {
  key: 'model',
  label: 'Energy model (PVWatts-class chain)',
  sigmaPct: 5,
  source: 'Thevenard & Pelland 2013, Solar Energy 91:432-445 (PV modelling ≈ 5 %); Dobos 2014, PVWatts Version 5 Manual, NREL/TP-6A20-62641',
};

/** A year synthesised from typed monthly means carries the means' own error and the synthesis's: about 8 % (1σ). */
export const MONTHLY_MEANS_RESOURCE: UncertaintyTerm = {
  key: 'resource',
  label: 'Resource data (hourly year synthesised from monthly means)',
  sigmaPct: 8,
  source: 'Thevenard & Pelland 2013, Solar Energy 91:432-445 (long-term resource estimates 5-10 %); Aguiar & Collares-Pereira 1992 synthesis',
};

export interface EnergyUncertainty {
  p50Kwh: number;
  p90Kwh: number;
  combinedSigmaPct: number;
  terms: UncertaintyTerm[];
}

/**
 * Weather measured or modelled elsewhere: beyond a few tens of km a station's hourly irradiance says less about the
 * site than satellite data for it (Perez et al. 1997, Solar Energy 60(2):89-96; Zelenka et al. 1999, Theor. Appl.
 * Climatol. 62:199-207), and annual sums differ by climate: taken as uncertain as synthesised means, about 8 % (1σ).
 */
export const distantResource = (distanceKm: number): UncertaintyTerm => ({
  key: 'resource',
  label: `Resource data from another place (${Math.round(distanceKm).toLocaleString('en-US')} km from the site)`,
  sigmaPct: 8,
  source: 'Perez et al. 1997, Solar Energy 60(2):89-96 (station data beyond ~25-50 km less accurate than satellite data for the site); Zelenka et al. 1999, Theor. Appl. Climatol. 62:199-207',
});

/** The weather's spread: typed monthly means, or weather farther than 50 km away, add a resource term. */
export function uncertaintyTerms(weather: { confidence: 'standard' | 'low'; source?: string; distance_km?: number }): UncertaintyTerm[] {
  if (weather.confidence !== 'low') return [INTERANNUAL_VARIABILITY, MODEL_UNCERTAINTY];
  const resource = weather.source !== 'monthly' && weather.distance_km !== undefined ? distantResource(weather.distance_km) : MONTHLY_MEANS_RESOURCE;
  return [INTERANNUAL_VARIABILITY, MODEL_UNCERTAINTY, resource];
}

export function energyUncertainty(p50Kwh: number, terms: UncertaintyTerm[]): EnergyUncertainty {
  const combinedSigmaPct = Math.sqrt(terms.reduce((sum, term) => sum + term.sigmaPct ** 2, 0));
  return { p50Kwh, p90Kwh: Math.max(0, p50Kwh * (1 - (Z_90 * combinedSigmaPct) / 100)), combinedSigmaPct, terms };
}
