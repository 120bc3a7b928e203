/**
 * Field validation rules of the seed spec (§5). Pure functions, shared by the browser and the server.
 *
 * A rule returns the spec's message when it rejects a value and `undefined` when it accepts it.
 * Values arrive as strings (form fields) or numbers (JSON). Nothing is trimmed: " 560001" is not a pincode.
 * Every rule accepts an empty value (undefined, null, '' or []) so it composes with `required`, except
 * `required`, `priceNotEmpty`, `email`, `indianPhone` and `pan`, which reject it with their own message;
 * `emailOptional`, `indianPhoneOptional` and `panOptional` are the variants that accept it.
 */

/** The spec's messages, verbatim (including their spelling and capitalisation). */
export const messages = {
  required: 'This is Required.',
  priceNotEmpty: 'Price cannot be empty',
  email: 'Invalid Email',
  noSpaces: 'no spaces allowed',
  notLessThanOne: 'cannot be less than 1',
  pincode: 'Pincode number is not correct',
  indianPhone: 'Invalid Phone Number',
  priceTwoDecimals: 'Price can be less than 0',
  accountNumber: 'Invalid Account Number',
  accountNumber9to17: 'Account Number should be between 9-17 digits',
  lettersAndSpaces: 'Only Character',
  digitsOnly: 'Only Numbers',
  httpUrl: 'Invalid Url',
  twoDigitValue: 'Till two digit Value is accepted',
  threeDigitValue: 'Till three digit Value is accepted',
  aadhar: 'Invalid Aadhar Number',
  ifsc: 'IFSC code must be Alpha Numeric and all the letter should be Capital',
  hsn: 'Invalid HSN Code',
  pan: 'Invalid Pan Number',
  gst: 'Invalid GST Number',
  weight: 'Weight Should be less than 150KG',
  height: 'Height Should be less than 300cm',
  irishPhone: 'Invalid Irish Phone Number',
  notBlank: 'Invalid Text',
  noSpecialCharacters: 'special Character not Allowed',
} as const;

/** Returns the message when the value is rejected, undefined when it is accepted. */
export type Rule = (value: unknown) => string | undefined;

// ---------------------------------------------------------------------------------------------
// Helpers

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The text of a string or finite number; undefined for anything else. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The text of a string, or of a number that is a non-negative safe integer (so 1.5, -3 and
 * 12345678901234567890, whose digits a number cannot hold exactly, are not taken as digit strings).
 */
function digitTextOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}

// A plain decimal as typed in a form: optional minus, digits with an optional fraction, or ".5".
// Stricter than Number(), which also takes '', ' 5 ', '0x10', '1e3' and 'Infinity'.
const decimalPattern = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** The numeric value of a finite number or of a plain decimal string; undefined otherwise. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && decimalPattern.test(value)) return Number(value);
  return undefined;
}

/** A rule that accepts empty values and tests the text of anything else against `pattern`. */
function patternRule(pattern: RegExp, message: string, text: (value: unknown) => string | undefined = textOf): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const s = text(value);
    return s !== undefined && pattern.test(s) ? undefined : message;
  };
}

/** A rule that accepts empty values and numbers (or numeric strings) within the bounds. */
function rangeRule(accept: (n: number) => boolean, message: string): Rule {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const n = numberOf(value);
    return n !== undefined && accept(n) ? undefined : message;
  };
}

/** The same rule, but rejecting empty values with its own message. */
function mandatory(rule: Rule, message: string): Rule {
  return (value) => (isEmpty(value) ? message : rule(value));
}

// ---------------------------------------------------------------------------------------------
// Presence

/** Rejects undefined, null, '' and []. A string of spaces is present (see `notBlank`). */
export const required: Rule = (value) => (isEmpty(value) ? messages.required : undefined);

/** Rejects an absent price: undefined, null, '', [] and (a price not being text) a string of only whitespace. */
export const priceNotEmpty: Rule = (value) =>
  isEmpty(value) || (typeof value === 'string' && value.trim() === '') ? messages.priceNotEmpty : undefined;

// Whitespace, plus the invisible zero-width characters that \s does not cover.
const blankPattern = /^[\s\u200B-\u200D\u2060]+$/;

/** Rejects a non-empty string made only of whitespace; everything else (including '') passes. */
export const notBlank: Rule = (value) =>
  typeof value === 'string' && blankPattern.test(value) ? messages.notBlank : undefined;

// ---------------------------------------------------------------------------------------------
// Text shape

// Local part: the characters HTML's input[type=email] allows; domain: LDH labels of 1-63 characters,
// at least two of them, the last (the TLD) starting with a letter. ASCII only, as browsers check it.
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const emailShape: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'string' || value.length > 254) return messages.email;
  const at = value.lastIndexOf('@');
  // RFC 5321: the local part is at most 64 octets (ASCII here, so characters).
  return at > 64 || !emailPattern.test(value) ? messages.email : undefined;
};

/** local@domain.tld, no spaces, at most 254 characters; rejects empty values. */
export const email: Rule = mandatory(emailShape, messages.email);
/** As `email`, but an empty value passes. */
export const emailOptional: Rule = emailShape;

/** Rejects any whitespace (spaces, tabs, line breaks, no-break spaces). */
export const noSpaces: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  const s = textOf(value);
  return s !== undefined && !/\s/.test(s) ? undefined : messages.noSpaces;
};

// Letters of any script with their combining marks (the vowel sign in "अनिल", the accent of a
// decomposed "é"), and the ASCII space.
/** Letters and spaces only, in any script: "José María" and "अनिल कुमार" pass, "O'Brien" and "R2D2" do not. */
export const lettersAndSpaces: Rule = patternRule(/^[\p{L}\p{M} ]+$/u, messages.lettersAndSpaces);

/** Letters (any script), decimal digits (any script) and spaces only. */
export const noSpecialCharacters: Rule = patternRule(/^[\p{L}\p{M}\p{Nd} ]+$/u, messages.noSpecialCharacters);

/** ASCII digits only (a non-negative integer when given as a number). */
export const digitsOnly: Rule = patternRule(/^[0-9]+$/, messages.digitsOnly, digitTextOf);

/** An absolute http: or https: URL with a host, written without surrounding whitespace. */
export const httpUrl: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  // Scheme, "//" and host spelled out: the URL parser would also take "http:example.com" and "https:///x",
  // and strip surrounding spaces.
  if (typeof value !== 'string' || !/^https?:\/\/[^\s/\\?#]/i.test(value) || value.trim() !== value) return messages.httpUrl;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? undefined : messages.httpUrl;
  } catch {
    return messages.httpUrl;
  }
};

// ---------------------------------------------------------------------------------------------
// Numbers

/** A numeric value (number or decimal string) of at least 1; non-numeric values get the same message. */
export const notLessThanOne: Rule = rangeRule((n) => n >= 1, messages.notLessThanOne);

/** A non-negative price with at most two decimals ("12", "12.5", "12.50"). */
export const priceTwoDecimals: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return messages.priceTwoDecimals;
    // Integers pass whatever their size (String(1e21) is "1e+21"); fractions are judged by their shortest text.
    return Number.isInteger(value) || /^\d+\.\d{1,2}$/.test(String(value)) ? undefined : messages.priceTwoDecimals;
  }
  return typeof value === 'string' && /^(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/.test(value) ? undefined : messages.priceTwoDecimals;
};

/**
 * The price rules in plain words, for help under a price field: the seed's message for them ('Price can be less than
 * 0') names no rule. Four decimals where a price is quoted to fractions of a cent (src/contract/settings.ts); '0 or more'
 * where the contract bounds a price by range only (a tariff's rates, export rates).
 */
export const priceRuleWords = { twoDecimals: '0 or more, at most two decimals', fourDecimals: '0 or more, at most four decimals', zeroOrMore: '0 or more' } as const;

/**
 * What to say, beside a rule's own message, of a number typed with a comma: "0,13" is a decimal comma ('Use a point for
 * decimals: 0.13'), "1,250" or "1,250,000" thousands separators ('Leave out the thousands separators: 1250000');
 * undefined for anything else.
 */
export function commaMessage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^[1-9]\d{0,2}(?:,\d{3})+$/.test(value)) return `Leave out the thousands separators: ${value.replaceAll(',', '')}`;
  if (/^-?\d*,\d+$/.test(value)) return `Use a point for decimals: ${value.replace(',', '.')}`;
  return undefined;
}

/** Strictly between 0 and 100. */
export const twoDigitValue: Rule = rangeRule((n) => n > 0 && n < 100, messages.twoDigitValue);
/** Strictly between 0 and 1000. */
export const threeDigitValue: Rule = rangeRule((n) => n > 0 && n < 1000, messages.threeDigitValue);
/** Kilograms: above 0, at most 150. */
export const weight: Rule = rangeRule((n) => n > 0 && n <= 150, messages.weight);
/** Centimetres: above 0, at most 300. */
export const height: Rule = rangeRule((n) => n > 0 && n <= 300, messages.height);

// ---------------------------------------------------------------------------------------------
// Indian identifiers

/** Indian PIN code: six digits, the first (the postal region) 1-9. */
export const pincode: Rule = patternRule(/^[1-9][0-9]{5}$/, messages.pincode, digitTextOf);

// Indian mobile (TRAI numbering: 10 digits starting 6-9), optionally after +91, 91 or the trunk 0
// with an optional space or hyphen, and optionally split 5+5 as it is usually written ("98765 43210").
const indianPhonePattern = /^(?:(?:\+91|91|0)[ -]?)?[6-9][0-9]{4}[ -]?[0-9]{5}$/;
const indianPhoneShape: Rule = patternRule(indianPhonePattern, messages.indianPhone, digitTextOf);

/** An Indian mobile number; rejects empty values. */
export const indianPhone: Rule = mandatory(indianPhoneShape, messages.indianPhone);
/** As `indianPhone`, but an empty value passes. */
export const indianPhoneOptional: Rule = indianPhoneShape;

/** Bank account number: 9 to 18 digits. */
export const accountNumber: Rule = patternRule(/^[0-9]{9,18}$/, messages.accountNumber, digitTextOf);
/** Bank account number: 9 to 17 digits. */
export const accountNumber9to17: Rule = patternRule(/^[0-9]{9,17}$/, messages.accountNumber9to17, digitTextOf);

// UIDAI Aadhaar: 12 digits, never starting 0 or 1; either unspaced or as three groups of four
// separated by single spaces (the \1 makes both gaps the same).
/** Aadhaar number: "234567890123" or "2345 6789 0123". */
export const aadhar: Rule = patternRule(/^[2-9][0-9]{3}( ?)[0-9]{4}\1[0-9]{4}$/, messages.aadhar, digitTextOf);

// RBI IFSC: bank code (4 capitals), a reserved 0, branch code (6 capitals or digits).
/** IFSC: "SBIN0001234"; lowercase letters are rejected. */
export const ifsc: Rule = patternRule(/^[A-Z]{4}0[A-Z0-9]{6}$/, messages.ifsc);

// Harmonized System of Nomenclature code: chapter (2), heading (4), subheading (6) or tariff item (8).
/** HSN code: 2, 4, 6 or 8 digits. */
export const hsn: Rule = patternRule(/^(?:[0-9]{2}){1,4}$/, messages.hsn, digitTextOf);

// Income-tax PAN: 5 capitals, 4 digits, 1 capital check letter.
const panPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const panShape: Rule = patternRule(panPattern, messages.pan);

/** PAN: "ABCDE1234F"; rejects empty values. */
export const pan: Rule = mandatory(panShape, messages.pan);
/** As `pan`, but an empty value passes. */
export const panOptional: Rule = panShape;

// GSTIN (15 characters): state code 01-38, the holder's PAN, entity number (1-9, then A-Z),
// the fixed 'Z', and a check character.
/** GSTIN: "27AAPFU0939F1ZV". */
export const gst: Rule = patternRule(
  /^(?:0[1-9]|[12][0-9]|3[0-8])[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
  messages.gst,
);

// ---------------------------------------------------------------------------------------------
// Irish phone numbers

// National prefix: +353 (then no trunk 0) or the trunk 0.
const ie = String.raw`(?:\+353[ -]?|0)`;
// Mobile: 083-089, then 7 digits, optionally grouped 3+4 ("087 123 4567").
const ieMobile = String.raw`${ie}8[3-9][ -]?[0-9]{3}[ -]?[0-9]{4}`;
// Landline: a 1-2 digit area code (01 Dublin, 021 Cork, 091 Galway; 08x is mobile only), then 5-8 digits
// with single spaces or hyphens anywhere between them. Nationally the area code may be bracketed: "(01) 234 5678".
const ieLandline = String.raw`(?:${ie}[1-79][0-9]?|\(0[1-79][0-9]?\))[ -]?(?:[0-9][ -]?){4,7}[0-9]`;
const irishPhonePattern = new RegExp(`^(?:${ieMobile}|${ieLandline})$`);

/** An Irish mobile or landline number, national ("087 123 4567") or international ("+353 1 234 5678"). */
export const irishPhone: Rule = patternRule(irishPhonePattern, messages.irishPhone);

// ---------------------------------------------------------------------------------------------
// Composition

/** Every rule, by name. */
export const rules = {
  required,
  priceNotEmpty,
  email,
  emailOptional,
  noSpaces,
  notLessThanOne,
  pincode,
  indianPhone,
  indianPhoneOptional,
  priceTwoDecimals,
  accountNumber,
  accountNumber9to17,
  lettersAndSpaces,
  digitsOnly,
  httpUrl,
  twoDigitValue,
  threeDigitValue,
  aadhar,
  ifsc,
  hsn,
  pan,
  panOptional,
  gst,
  weight,
  height,
  irishPhone,
  notBlank,
  noSpecialCharacters,
} as const satisfies Record<string, Rule>;

/** The message of the first rule that rejects the value, in the order given; undefined if all accept it. */
export function firstError(value: unknown, ...rules: Rule[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** The messages of every rule that rejects the value, in the order given, each message once. */
export function allErrors(value: unknown, ...rules: Rule[]): string[] {
  const errors: string[] = [];
  for (const rule of rules) {
    const message = rule(value);
    if (message !== undefined && !errors.includes(message)) errors.push(message);
  }
  return errors;
}
