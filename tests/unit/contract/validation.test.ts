import { describe, it, expect } from 'vitest';
import * as validation from '../../../src/contract/validation.ts';
import {
  aadhar,
  accountNumber,
  accountNumber9to17,
  allErrors,
  digitsOnly,
  email,
  emailOptional,
  firstError,
  gst,
  height,
  hsn,
  httpUrl,
  ifsc,
  indianPhone,
  indianPhoneOptional,
  irishPhone,
  lettersAndSpaces,
  messages,
  noSpaces,
  noSpecialCharacters,
  notBlank,
  notLessThanOne,
  pan,
  panOptional,
  pincode,
  priceNotEmpty,
  priceTwoDecimals,
  required,
  rules,
  threeDigitValue,
  twoDigitValue,
  weight,
  type Rule,
} from '../../../src/contract/validation.ts';

/** One rule's table: every accepted value gives undefined, every rejected value gives exactly `message`. */
function table(rule: Rule, message: string, accepted: unknown[], rejected: unknown[]): void {
  it.each(accepted.map((value) => [value]))('accepts %j', (value) => {
    expect(rule(value)).toBeUndefined();
  });
  it.each(rejected.map((value) => [value]))('rejects %j', (value) => {
    expect(rule(value)).toBe(message);
  });
}

const empties: unknown[] = [undefined, null, '', []];

describe('messages', () => {
  it('are the spec §5 messages, character for character', () => {
    expect(messages).toEqual({
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
    });
  });
});

describe('rules', () => {
  const names = [
    'required',
    'priceNotEmpty',
    'email',
    'emailOptional',
    'noSpaces',
    'notLessThanOne',
    'pincode',
    'indianPhone',
    'indianPhoneOptional',
    'priceTwoDecimals',
    'accountNumber',
    'accountNumber9to17',
    'lettersAndSpaces',
    'digitsOnly',
    'httpUrl',
    'twoDigitValue',
    'threeDigitValue',
    'aadhar',
    'ifsc',
    'hsn',
    'pan',
    'panOptional',
    'gst',
    'weight',
    'height',
    'irishPhone',
    'notBlank',
    'noSpecialCharacters',
  ];

  it('holds every exported rule under its own name', () => {
    expect(Object.keys(rules).sort()).toEqual([...names].sort());
    const exported = validation as unknown as Record<string, unknown>;
    for (const [name, rule] of Object.entries(rules)) expect(exported[name]).toBe(rule);
  });

  const mandatory = new Set(['required', 'priceNotEmpty', 'email', 'indianPhone', 'pan']);
  const composable = names.filter((name) => !mandatory.has(name));

  it.each(composable)('%s accepts empty values, so it composes with required', (name) => {
    const rule = (rules as Record<string, Rule>)[name];
    for (const value of empties) expect(rule?.(value)).toBeUndefined();
  });

  it.each([...mandatory])('%s rejects empty values with its own message', (name) => {
    const rule = (rules as Record<string, Rule>)[name];
    for (const value of empties) expect(rule?.(value)).toEqual(expect.any(String));
  });
});

describe('required', () => {
  table(required, 'This is Required.', ['a', ' ', '   ', 0, false, ['x'], {}, 'This is Required.'], [undefined, null, '', []]);
});

describe('priceNotEmpty', () => {
  table(priceNotEmpty, 'Price cannot be empty', ['0', 0, '12.50', 'abc', -1], [undefined, null, '', [], ' ', '\t \n']);
});

describe('notBlank', () => {
  table(
    notBlank,
    'Invalid Text',
    ['', undefined, null, 'a', ' a ', 'hello world', '\u00a0x', 0, 42],
    [' ', '   ', '\t', '\n\r\n', '\u00a0', '\u3000', ' \u200b '],
  );
});

describe('email', () => {
  const at254 = `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(60)}`;
  const local64 = 'a'.repeat(64);
  const longDomain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(57)}.com`;
  table(
    email,
    'Invalid Email',
    [
      'user@example.com',
      'first.last+solar@sub.example.co.in',
      "o'brien@example.ie",
      'USER_1@EXAMPLE.COM',
      'a@b.io',
      'x@my-site.xn--p1ai',
      `${local64}@example.com`,
      at254,
    ],
    [
      '',
      undefined,
      null,
      [],
      '   ',
      'user',
      'user@',
      '@example.com',
      'user@example',
      'user@@example.com',
      'user@exa mple.com',
      'us er@example.com',
      ' user@example.com',
      'user@example.com ',
      'user@.example.com',
      'user@example..com',
      'user@-example.com',
      'user@example.com.',
      'user@example.123',
      `${local64}a@example.com`,
      `a@${longDomain}`,
      42,
    ],
  );
  it('the 254-character boundary is exact', () => {
    expect(at254).toHaveLength(254);
    expect(email(at254)).toBeUndefined();
    expect(`${at254}g`).toHaveLength(255);
    expect(email(`${at254}g`)).toBe('Invalid Email');
  });
});

describe('emailOptional', () => {
  table(
    emailOptional,
    'Invalid Email',
    [undefined, null, '', [], 'user@example.com', 'a@b.io'],
    [' ', 'user', 'user@example', 'user@exa mple.com', 'user@example.com '],
  );
});

describe('noSpaces', () => {
  table(
    noSpaces,
    'no spaces allowed',
    ['sunplot', 'solar_panel-1', 'é', 12, 0],
    [' ', 'two words', ' leading', 'trailing ', 'tab\there', 'line\nbreak', 'no\u00a0break', true],
  );
});

describe('notLessThanOne', () => {
  table(
    notLessThanOne,
    'cannot be less than 1',
    [1, '1', 1.5, '1.0', '2', 100, '1000000'],
    [0, '0', 0.99, '0.999', -1, '-5', 'abc', ' 1', '1 ', '0x10', '1e3', 'Infinity', Infinity, Number.NaN, true],
  );
});

describe('pincode', () => {
  table(
    pincode,
    'Pincode number is not correct',
    ['110001', '560001', '999999', 400001],
    ['012345', '000000', '11000', '1100011', '11000a', '560 001', ' 560001', '56000.1', 12345, 1100011, 560001.5, -560001],
  );
});

describe('indianPhone', () => {
  table(
    indianPhone,
    'Invalid Phone Number',
    [
      '9876543210',
      '6000000000',
      '+919876543210',
      '+91 9876543210',
      '+91-9876543210',
      '919876543210',
      '91 9876543210',
      '09876543210',
      '0 9876543210',
      '98765 43210',
      '+91 98765 43210',
      9876543210,
    ],
    [
      '',
      undefined,
      null,
      '5876543210',
      '0876543210',
      '987654321',
      '98765432100',
      '+9198765432101',
      '+1 9876543210',
      '+91  9876543210',
      '+91 09876543210',
      '9876 543 210',
      ' 9876543210',
      '98765-4321a',
      9876543210.5,
    ],
  );
});

describe('indianPhoneOptional', () => {
  table(
    indianPhoneOptional,
    'Invalid Phone Number',
    [undefined, null, '', [], '9876543210', '+91 9876543210'],
    [' ', '12345', '5876543210', '+91'],
  );
});

describe('priceTwoDecimals', () => {
  table(
    priceTwoDecimals,
    'Price can be less than 0',
    ['0', '12', '12.5', '12.50', '0.01', '.5', 0, 12, 12.5, 12.34, 1e21, Number.MAX_SAFE_INTEGER],
    ['-1', '-0.01', '12.345', '12.', '1,000', 'abc', ' 12', '12 ', '1e3', -1, -0.01, 12.345, 0.1 + 0.2, 1e-7, Infinity, Number.NaN],
  );
});

describe('accountNumber', () => {
  table(
    accountNumber,
    'Invalid Account Number',
    ['123456789', '000123456789', '123456789012345678', 123456789, Number.MAX_SAFE_INTEGER],
    ['12345678', '1234567890123456789', '12345678a', '1234 56789', '-123456789', 1e17, 12345678, 123456789.5],
  );
});

describe('accountNumber9to17', () => {
  table(
    accountNumber9to17,
    'Account Number should be between 9-17 digits',
    ['123456789', '12345678901234567', '00000000000000001', 123456789],
    ['12345678', '123456789012345678', '12345678 9', 'ABCDEFGHI', 12345678],
  );
});

describe('lettersAndSpaces', () => {
  table(
    lettersAndSpaces,
    'Only Character',
    ['Sunplot', 'José María', 'Jose\u0301 Mari\u0301a', 'Siobhán Ní Bhriain', 'अनिल कुमार', 'ಬೆಂಗಳೂರು', ' padded '],
    ["O'Brien", 'Mary-Jane', 'R2D2', 'Dr.', 'tab\tseparated', 'emoji 🌞', 42],
  );
});

describe('digitsOnly', () => {
  table(
    digitsOnly,
    'Only Numbers',
    ['0', '007', '1234567890', 0, 42],
    ['12a', '1.5', '-1', '+1', '1 000', ' 1', '١٢٣', '१२३', 1.5, -1, 1e21, true],
  );
});

describe('httpUrl', () => {
  table(
    httpUrl,
    'Invalid Url',
    [
      'https://example.com',
      'http://example.com/path?q=1#top',
      'HTTPS://EXAMPLE.COM',
      'https://sub.example.co.in:8443/a',
      'http://localhost:3000',
      'https://192.168.1.10/',
    ],
    [
      'example.com',
      'www.example.com',
      'ftp://example.com',
      'mailto:user@example.com',
      'javascript:alert(1)',
      'http://',
      'https:///path',
      'http://?q=1',
      'http:///',
      'http:example.com',
      'http:/example.com',
      ' https://example.com',
      'https://example.com ',
      'https://exa mple.com',
      'https://[::1',
      42,
    ],
  );
});

describe('twoDigitValue', () => {
  table(
    twoDigitValue,
    'Till two digit Value is accepted',
    [1, '1', 0.5, '0.01', 50, 99, '99', 99.99],
    [0, '0', -1, 100, '100', 100.01, 1000, 'abc', '5%'],
  );
});

describe('threeDigitValue', () => {
  table(
    threeDigitValue,
    'Till three digit Value is accepted',
    [1, 0.5, 100, '100', 999, '999', 999.5],
    [0, '0', -0.5, 1000, '1000', 1000.5, 'ten'],
  );
});

describe('aadhar', () => {
  table(
    aadhar,
    'Invalid Aadhar Number',
    ['234567890123', '2345 6789 0123', '999999999999', 234567890123],
    [
      '034567890123',
      '134567890123',
      '23456789012',
      '2345678901234',
      '2345-6789-0123',
      '2345 67890123',
      '23456789 0123',
      '2345  6789 0123',
      ' 234567890123',
      '23456789012a',
      134567890123,
    ],
  );
});

describe('ifsc', () => {
  table(
    ifsc,
    'IFSC code must be Alpha Numeric and all the letter should be Capital',
    ['SBIN0001234', 'HDFC0ABC123', 'ICIC0000001', 'UTIB0SBIN12'],
    ['sbin0001234', 'Sbin0001234', 'SBIN0abc123', 'SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN 0001234', 12345678901],
  );
});

describe('hsn', () => {
  table(hsn, 'Invalid HSN Code', ['85', '8541', '854140', '85414011', 85, 8541], ['8', '854', '85414', '8541401', '854140111', '85.41', '85 41', 'AB', 854]);
});

describe('pan', () => {
  table(
    pan,
    'Invalid Pan Number',
    ['ABCDE1234F', 'AAPFU0939F'],
    ['', undefined, null, 'abcde1234f', 'ABCDE1234', 'ABCDE12345', 'ABCD1234EF', 'ABCDE1234F ', 'ABCDE 1234F', '1234567890'],
  );
});

describe('panOptional', () => {
  table(panOptional, 'Invalid Pan Number', [undefined, null, '', [], 'ABCDE1234F'], [' ', 'abcde1234f', 'ABCDE1234']);
});

describe('gst', () => {
  table(
    gst,
    'Invalid GST Number',
    ['27AAPFU0939F1ZV', '01ABCDE1234F1Z5', '29ABCDE1234FAZ9', '38ABCDE1234F9ZA', '10ABCDE1234F1Z0'],
    [
      '00ABCDE1234F1Z5',
      '39ABCDE1234F1Z5',
      '99ABCDE1234F1Z5',
      '27aapfu0939f1zv',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1YV',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVV',
      '27AAPF10939F1ZV',
      '27 AAPFU0939F1ZV',
    ],
  );
});

describe('weight', () => {
  table(weight, 'Weight Should be less than 150KG', [0.1, 1, '75', 149.9, 150, '150'], [0, '0', -5, 150.01, '150.5', 151, 'heavy', Infinity]);
});

describe('height', () => {
  table(height, 'Height Should be less than 300cm', [0.5, 1, '170', 299.9, 300, '300'], [0, '0', -1, 300.1, '301', 1000, 'tall']);
});

describe('irishPhone', () => {
  table(
    irishPhone,
    'Invalid Irish Phone Number',
    [
      '0871234567',
      '087 123 4567',
      '087-123-4567',
      '083 1234567',
      '089 123 4567',
      '+353871234567',
      '+353 87 123 4567',
      '+353-87-123-4567',
      '01 234 5678',
      '012345678',
      '(01) 234 5678',
      '021 4567890',
      '091 12345',
      '0505 12345',
      '+353 1 234 5678',
      '+35312345678',
      '+353 21 456 7890',
    ],
    [
      '0821234567',
      '0801234567',
      '087123456',
      '08712345678',
      '+3530871234567',
      '+353 0 87 123 4567',
      '+44 20 7946 0958',
      '353871234567',
      '1234567890',
      '01 234',
      '01234567890123',
      '087  123 4567',
      '087 123 4567 ',
      '(01 234 5678',
      '+353 (1) 234 5678',
      '087/123/4567',
      871234567,
    ],
  );
});

describe('noSpecialCharacters', () => {
  table(
    noSpecialCharacters,
    'special Character not Allowed',
    ['Sunplot 2', 'Flat 4B', 'José María', 'अनिल कुमार २', 'plain', 42],
    ['a@b', 'O\'Brien', 'Mary-Jane', 'Dr.', '50%', 'tab\there', 'line\nbreak', 'sun 🌞', '½'],
  );
});

describe('firstError', () => {
  it('returns undefined when every rule accepts the value, or when there are no rules', () => {
    expect(firstError('560001', required, pincode, digitsOnly)).toBeUndefined();
    expect(firstError('anything')).toBeUndefined();
  });

  it('returns the message of the first rule that rejects the value, in the order given', () => {
    expect(firstError('', required, pincode)).toBe('This is Required.');
    expect(firstError('12a', digitsOnly, pincode)).toBe('Only Numbers');
    expect(firstError('12a', pincode, digitsOnly)).toBe('Pincode number is not correct');
    expect(firstError('   ', required, notBlank, lettersAndSpaces)).toBe('Invalid Text');
  });

  it('lets an optional field through when empty and checks it when filled', () => {
    expect(firstError('', indianPhoneOptional)).toBeUndefined();
    expect(firstError(undefined, indianPhoneOptional)).toBeUndefined();
    expect(firstError('123', indianPhoneOptional)).toBe('Invalid Phone Number');
  });

  it('only calls rules until one rejects', () => {
    const calls: string[] = [];
    const spy =
      (name: string, result?: string): Rule =>
      () => {
        calls.push(name);
        return result;
      };
    expect(firstError('x', spy('a'), spy('b', 'B failed'), spy('c', 'C failed'))).toBe('B failed');
    expect(calls).toEqual(['a', 'b']);
  });
});

describe('allErrors', () => {
  it('returns an empty list when every rule accepts the value, or when there are no rules', () => {
    expect(allErrors('SBIN0001234', required, ifsc, noSpaces)).toEqual([]);
    expect(allErrors('')).toEqual([]);
  });

  it('returns every rejection, in the order of the rules', () => {
    expect(allErrors('ab c', noSpaces, digitsOnly, pincode)).toEqual(['no spaces allowed', 'Only Numbers', 'Pincode number is not correct']);
    expect(allErrors('', required, priceNotEmpty, pincode)).toEqual(['This is Required.', 'Price cannot be empty']);
    expect(allErrors(0, twoDigitValue, threeDigitValue, weight, height, notLessThanOne)).toEqual([
      'Till two digit Value is accepted',
      'Till three digit Value is accepted',
      'Weight Should be less than 150KG',
      'Height Should be less than 300cm',
      'cannot be less than 1',
    ]);
  });

  it('lists a message once even when several rules give it', () => {
    expect(allErrors('nope', email, emailOptional)).toEqual(['Invalid Email']);
    expect(allErrors('x', pan, panOptional, gst)).toEqual(['Invalid Pan Number', 'Invalid GST Number']);
  });

  it('agrees with firstError on the first message', () => {
    const chain = [required, notBlank, lettersAndSpaces, noSpecialCharacters];
    for (const value of ['', ' ', 'R2-D2', 'Anil']) expect(allErrors(value, ...chain)[0]).toBe(firstError(value, ...chain));
  });
});
