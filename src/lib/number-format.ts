/**
 * How numbers read on screen: grouped and with decimals as the reader's locale writes them (Intl.NumberFormat), and a
 * negative always with the true minus sign U+2212, in money and percent too. Zero, and anything that rounds to zero,
 * has no sign. Machine-readable values (CSV cells, inputs' values, URLs) are never formatted here.
 */

export const minus = '\u2212';

/** The reader's locale as the browser reports it; the runtime's default where there is none (Node). */
export const userLocale = (): string | undefined => (typeof navigator === 'undefined' ? undefined : navigator.language) || undefined;

interface Digits {
  /** Decimals at least (trailing zeros kept up to here); the maximum unless given. */
  minDigits?: number;
  /** A plus sign on positives too, for changes: "+1.20", "−0.40" (zero still none). */
  signed?: boolean;
  locale?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and options: tables format thousands of cells, and building a formatter is the slow part. */
function formatter(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function format(value: number, locale: string | undefined, options: Intl.NumberFormatOptions, signed = false): string {
  // 'negative' and 'exceptZero' give no sign to zero, nor to a negative that rounds to zero ("−0").
  return formatter(locale, { ...options, signDisplay: signed ? 'exceptZero' : 'negative' } as Intl.NumberFormatOptions)
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? minus : part.value))
    .join('');
}

const fraction = (digits: number, minDigits = digits) => ({ minimumFractionDigits: Math.min(minDigits, digits), maximumFractionDigits: digits });

/** A whole number, grouped: "12,345" (en-US), "12.345" (de-DE), "1,23,456" (en-IN). */
export const formatInteger = (value: number, locale = userLocale()) => format(value, locale, fraction(0));

/** A number to `digits` decimals ("1,234.50"); with `minDigits` smaller, trailing zeros go down to it ("1,234.5"). */
export const formatDecimal = (value: number, digits: number, { minDigits, signed, locale = userLocale() }: Digits = {}) => format(value, locale, fraction(digits, minDigits), signed);

/** A number as it was typed or stored, with only the decimals it has (up to `maxDigits`): "0.37", "1,200", "−0.5". */
export const formatNumber = (value: number, maxDigits = 6, locale = userLocale()) => format(value, locale, fraction(maxDigits, 0));

/** A number shortened as the locale shortens it, to `digits` decimals at most: "2.5M", "2,5 Mio.", "25L". */
export const formatCompact = (value: number, digits = 1, locale = userLocale()) => format(value, locale, { notation: 'compact', ...fraction(digits, 0) });

/** A share given in percent points (46.26 for 46.26 %), as the locale writes percent: "46.3%", "46,3 %". */
export const formatPercent = (pct: number, digits = 1, { minDigits, signed, locale = userLocale() }: Digits = {}) =>
  format(pct, locale, { style: 'unit', unit: 'percent', ...fraction(digits, minDigits) }, signed);

/**
 * A number as typed, with the decimals it has (up to `maxDigits`), and its unit after a space ("25 °", "1.08 USD"); a
 * share ("%", "%/°C", "%/yr") as the locale writes percent: "14%", "−0.37%/°C".
 */
export function formatQuantity(value: number, unit: string | undefined, maxDigits = 6, locale = userLocale()): string {
  if (unit?.startsWith('%')) return `${formatPercent(value, maxDigits, { minDigits: 0, locale })}${unit.slice(1)}`;
  const text = formatNumber(value, maxDigits, locale);
  return unit ? `${text} ${unit}` : text;
}

interface MoneyOptions extends Digits {
  /** Decimals; the currency's own (2 for USD, EUR and INR) unless given. */
  digits?: number;
  /** Large sums shortened as the locale shortens them: "$2.46M", "2,46 Mio. $", "₹1.23Cr". */
  compact?: boolean;
}

/** An amount in a currency (ISO 4217 code, the project's or the invoice's), with the locale's symbol and placement. */
export function formatCurrency(value: number, currency: string, { digits, minDigits, signed, compact = false, locale = userLocale() }: MoneyOptions = {}): string {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency: currency.toUpperCase(), ...(digits === undefined ? {} : fraction(digits, minDigits)) };
  if (compact) Object.assign(options, { notation: 'compact', ...fraction(digits ?? 2, minDigits ?? 0) });
  return format(value, locale, options, signed);
}

/** The decimals a currency's minor unit has: 2 for cents, 0 for JPY. */
export const currencyDigits = (currency: string) => formatter(undefined, { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;

const kwhPer = { kWh: 1, MWh: 1_000, GWh: 1_000_000 } as const;
type EnergyUnit = keyof typeof kwhPer;

/** Energy given in kWh, in the unit asked: formatEnergy(6_504_000, 'MWh') is "6,504 MWh". */
export const formatEnergy = (kwh: number, unit: EnergyUnit, digits = 0, options: Digits = {}) => `${formatDecimal(kwh / kwhPer[unit], digits, options)} ${unit}`;

/** A file's size: "840 kB", "12.5 MB" (1 kB = 1,024 bytes, as the upload limits are counted); at least "1 kB". */
export const formatFileSize = (bytes: number, locale = userLocale()) =>
  bytes >= 1024 * 1024 ? `${format(bytes / 1024 / 1024, locale, fraction(1, 0))} MB` : `${format(Math.max(1, Math.round(bytes / 1024)), locale, fraction(0))} kB`;

/** A latitude and longitude in degrees, to `digits` decimals: "36.100, −79.950"; "36,100; −79,950" where a comma marks decimals. */
export function formatLatLng(lat: number, lng: number, digits = 5, locale = userLocale()): string {
  const [latText, lngText] = [lat, lng].map((value) => format(value, locale, fraction(digits)));
  return `${latText}${latText!.includes(',') || lngText!.includes(',') ? ';' : ','} ${lngText}`;
}

type AreaUnit = 'ha' | 'm²';

/** An area as given, in hectares ("1.82 ha", two decimals) or square metres ("1,250 m²", whole). */
export const formatArea = (value: number, unit: AreaUnit = 'ha', digits = unit === 'ha' ? 2 : 0, options: Digits = {}) => `${formatDecimal(value, digits, options)} ${unit}`;
