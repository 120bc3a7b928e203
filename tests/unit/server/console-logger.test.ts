import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../../server/env.ts';
import { logsForPeople } from '../../../server/platform/console-logger.ts';

describe('who the console speaks to', () => {
  it('a person at a terminal, or behind a tool that says one is there; a program when piped', () => {
    expect(logsForPeople(undefined, { isTTY: true }, {})).toBe(true);
    expect(logsForPeople(undefined, { isTTY: false }, {})).toBe(false);
    expect(logsForPeople(undefined, {}, { FORCE_COLOR: '1' })).toBe(true);
    expect(logsForPeople(undefined, {}, { FORCE_COLOR: '0' })).toBe(false);
  });

  it('as LOG_FORMAT says, whatever the console', () => {
    expect(logsForPeople(loadSettings({ LOG_FORMAT: 'json' }).LOG_FORMAT, { isTTY: true }, {})).toBe(false);
    expect(logsForPeople(loadSettings({ LOG_FORMAT: 'pretty' }).LOG_FORMAT, { isTTY: false }, {})).toBe(true);
    expect(() => loadSettings({ LOG_FORMAT: 'xml' })).toThrow(SettingsError);
  });
});
