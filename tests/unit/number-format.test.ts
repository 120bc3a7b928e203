import { describe, expect, it } from 'vitest';
import { formatArea, formatCompact, formatCurrency, formatDecimal, formatEnergy, formatFileSize, formatInteger, formatLatLng, formatNumber, formatPercent, formatQuantity, minus } from '../../src/lib/number-format.ts';

const en = { locale: 'en-US' };
// Intl's own spaces: de-DE puts a no-break space before € and %.
const nbsp = '\u00a0';

describe('number-format', () => {
  it('writes every kind of negative with the true minus sign U+2212, never a hyphen', () => {
    const negatives = [
      formatInteger(-12345, 'en-US'),
      formatDecimal(-3.14159, 2, en),
      formatPercent(-4.77, 2, en),
      formatCurrency(-1234.5, 'USD', en),
      formatCurrency(-2_462_345, 'USD', { ...en, compact: true }),
      formatEnergy(-6_504_000, 'MWh', 0, en),
      formatArea(-1.5, 'ha', 2, en),
      formatCurrency(-1234.5, 'EUR', { locale: 'de-DE' }),
      formatPercent(-46.26, 2, { locale: 'de-DE' }),
      formatCurrency(-12_345_678.5, 'INR', { locale: 'en-IN' }),
      formatNumber(-0.37, 6, 'en-US'),
      formatCompact(-2_460_000, 1, 'en-US'),
      formatQuantity(-0.37, '%/°C', 6, 'en-US'),
      formatDecimal(-0.25, 2, { ...en, signed: true }),
      formatLatLng(36.1, -79.95, 3, 'en-US'),
    ];
    expect(negatives).toEqual([
      `${minus}12,345`,
      `${minus}3.14`,
      `${minus}4.77%`,
      `${minus}$1,234.50`,
      `${minus}$2.46M`,
      `${minus}6,504 MWh`,
      `${minus}1.50 ha`,
      `${minus}1.234,50${nbsp}€`,
      `${minus}46,26${nbsp}%`,
      `${minus}₹1,23,45,678.50`,
      `${minus}0.37`,
      `${minus}2.5M`,
      `${minus}0.37%/°C`,
      `${minus}0.25`,
      `36.100, ${minus}79.950`,
    ]);
    for (const text of negatives) expect(text).not.toContain('-');
    expect(minus).toBe('\u2212');
  });

  it('gives zero no sign, whether it is −0 or a negative that rounds to zero', () => {
    expect(formatInteger(-0, 'en-US')).toBe('0');
    expect(formatInteger(-0.4, 'en-US')).toBe('0');
    expect(formatDecimal(-0.004, 2, en)).toBe('0.00');
    expect(formatPercent(-0.04, 1, en)).toBe('0.0%');
    expect(formatCurrency(-0.001, 'USD', en)).toBe('$0.00');
    expect(formatEnergy(-400, 'MWh', 0, en)).toBe('0 MWh');
    expect(formatDecimal(-0.001, 2, { ...en, signed: true })).toBe('0.00');
  });

  it('puts a plus sign on positive changes when asked', () => {
    expect(formatDecimal(0.25, 2, { ...en, signed: true })).toBe('+0.25');
    expect(formatPercent(20, 0, { ...en, signed: true })).toBe('+20%');
    expect(formatCurrency(1200, 'USD', { ...en, digits: 0, signed: true })).toBe('+$1,200');
  });

  it('groups and marks decimals as en-US, en-IN and de-DE write them', () => {
    expect(formatInteger(12_345_678, 'en-US')).toBe('12,345,678');
    expect(formatInteger(12_345_678, 'en-IN')).toBe('1,23,45,678');
    expect(formatInteger(12_345_678, 'de-DE')).toBe('12.345.678');
    expect(formatDecimal(1234.5, 2, { locale: 'de-DE' })).toBe('1.234,50');
    expect(formatDecimal(123_456.5, 1, { locale: 'en-IN' })).toBe('1,23,456.5');
    expect(formatPercent(46.26, 2, en)).toBe('46.26%');
    expect(formatCurrency(1_234_567.891, 'INR', { locale: 'en-IN' })).toBe('₹12,34,567.89');
    expect(formatCurrency(1_234_567.891, 'USD', { locale: 'de-DE' })).toBe(`1.234.567,89${nbsp}$`);
  });

  it('writes a number as typed with its unit, shares as percent, sizes and coordinates', () => {
    expect(formatQuantity(25, '°', 6, 'en-US')).toBe('25 °');
    expect(formatQuantity(1.08, 'USD', 6, 'en-US')).toBe('1.08 USD');
    expect(formatQuantity(14, '%', 6, 'de-DE')).toBe(`14${nbsp}%`);
    expect(formatQuantity(1234.5, undefined, 6, 'de-DE')).toBe('1.234,5');
    expect(formatFileSize(840 * 1024, 'en-US')).toBe('840 kB');
    expect(formatFileSize(12.5 * 1024 * 1024, 'de-DE')).toBe('12,5 MB');
    expect(formatFileSize(10, 'en-US')).toBe('1 kB');
    // A comma between the two would read as a decimal mark where the locale writes decimals with one.
    expect(formatLatLng(36.1, -79.95, 3, 'de-DE')).toBe(`36,100; ${minus}79,950`);
  });

  it('keeps decimals fixed unless a smaller minimum lets trailing zeros go', () => {
    expect(formatDecimal(2.5, 2, en)).toBe('2.50');
    expect(formatDecimal(2.5, 2, { ...en, minDigits: 0 })).toBe('2.5');
    expect(formatDecimal(2, 4, { ...en, minDigits: 0 })).toBe('2');
    expect(formatPercent(12, 1, en)).toBe('12.0%');
  });

  it('writes money in the currency given, with its own decimals unless told', () => {
    expect(formatCurrency(49, 'usd', en)).toBe('$49.00');
    expect(formatCurrency(1500, 'JPY', en)).toBe('¥1,500');
    expect(formatCurrency(245_300.4, 'USD', { ...en, digits: 0 })).toBe('$245,300');
    expect(formatCurrency(0.0751, 'USD', { ...en, digits: 4 })).toBe('$0.0751');
    expect(formatCurrency(2_462_345, 'EUR', { locale: 'de-DE', compact: true })).toBe(`2,46${nbsp}Mio.${nbsp}€`);
  });

  it('converts energy from kWh to the unit asked, and writes areas in ha or m²', () => {
    expect(formatEnergy(6_504_321, 'MWh', 0, en)).toBe('6,504 MWh');
    expect(formatEnergy(6_504_321, 'GWh', 1, en)).toBe('6.5 GWh');
    expect(formatEnergy(850.4, 'kWh', 0, en)).toBe('850 kWh');
    expect(formatEnergy(6_504_321, 'MWh', 1, { locale: 'de-DE' })).toBe('6.504,3 MWh');
    expect(formatArea(1.8234, 'ha', 2, en)).toBe('1.82 ha');
    expect(formatArea(12_500, 'm²', 0, en)).toBe('12,500 m²');
  });

  it('reads the reader’s locale when none is given', () => {
    const expected = new Intl.NumberFormat(typeof navigator === 'undefined' ? undefined : navigator.language).format(1234.5);
    expect(formatDecimal(1234.5, 1)).toBe(expected);
  });
});
