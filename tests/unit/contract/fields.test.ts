import { create, object, StructError, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { fieldErrors, illFormedTextMessage, isIllFormedText, text, toWellFormedText, wellFormedText } from '../../../src/contract/fields.ts';
import { ProjectListQuery } from '../../../src/contract/projects.ts';
import { required } from '../../../src/contract/validation.ts';

const errorsOf = <T, S>(struct: Struct<T, S>, value: unknown) => {
  try {
    create(value, struct);
    return undefined;
  } catch (error) {
    if (error instanceof StructError) return fieldErrors(error);
    throw error;
  }
};

describe('text that no database column can hold', () => {
  const illFormed = ['\u0000', 'a\u0000b', '\uD800', 'x\uDBFF', '\uDC00y', '\uDFFF\uD800', '\uD83D\uD83D\uDE00\uDE00'];
  const wellFormed = ['', 'plain', '\uD83C\uDF1E sun', 'अनिल', '\u200B', '\uFFFD', '\u0001', 'x'.repeat(10_000)];

  it.each(illFormed)('refuses %j', (value) => {
    expect(isIllFormedText(value)).toBe(true);
    expect(wellFormedText(value)).toBe(illFormedTextMessage);
  });

  it.each(wellFormed)('accepts %j', (value) => {
    expect(isIllFormedText(value)).toBe(false);
    expect(wellFormedText(value)).toBeUndefined();
  });

  it('leaves anything that is not a string to the other rules', () => {
    for (const value of [undefined, null, 0, ['\u0000'], { a: '\u0000' }]) expect(wellFormedText(value)).toBeUndefined();
  });

  it('replaces each bad character by U+FFFD for showing, keeping pairs whole', () => {
    expect(toWellFormedText('a\u0000b\uD800c\uD83C\uDF1E\uDC00')).toBe('a\uFFFDb\uFFFDc\uD83C\uDF1E\uFFFD');
    for (const value of illFormed) expect(isIllFormedText(toWellFormedText(value))).toBe(false);
  });

  it('every text() field refuses it before its own rules, with one message', () => {
    const Body = object({ name: text(required) });
    expect(errorsOf(Body, { name: '\u0000' })).toEqual({ name: [illFormedTextMessage] });
    expect(errorsOf(Body, { name: 'Asha \uD800' })).toEqual({ name: [illFormedTextMessage] });
    expect(errorsOf(Body, { name: 'Asha \uD83C\uDF1E' })).toBeUndefined();
  });
});

describe('project list query bounds', () => {
  it.each([
    ['99999999999999999999', 'Must be at most 1,000,000.'],
    ['1000001', 'Must be at most 1,000,000.'],
    ['0', 'cannot be less than 1'],
    ['1.5', 'Must be a whole number.'],
    // The spec's rule gives non-numbers its own message.
    ['1e3', 'cannot be less than 1'],
  ])('page=%s is refused', (page, message) => {
    expect(errorsOf(ProjectListQuery, { page })).toEqual({ page: [message] });
  });

  it('takes pages up to a million', () => {
    expect(create({ page: '1000000', page_size: '100' }, ProjectListQuery)).toEqual({ page: 1_000_000, page_size: 100 });
  });
});
