import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../../server/env.ts';
import { loadJwtSecret } from '../../../server/platform/secrets.ts';

describe('settings', () => {
  it('has working defaults', () => {
    expect(loadSettings({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 14,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    });
  });

  it('coerces numbers and flags, and drops a trailing slash from PUBLIC_URL', () => {
    expect(loadSettings({ PORT: '8080', TRUST_PROXY: 'yes', PUBLIC_URL: 'https://sunplot.example.org/' })).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: true,
      PUBLIC_URL: 'https://sunplot.example.org',
    });
  });

  it('stops with one message naming every bad key, without echoing secret values', () => {
    const attempt = () =>
      loadSettings({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short-secret-value', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe', PUBLIC_URL: 'ftp://x' });
    expect(attempt).toThrow(SettingsError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'TRUST_PROXY', 'PUBLIC_URL']) expect(message).toContain(key);
    expect(message).not.toContain('short-secret-value');
  });

  it('generates JWT_SECRET into the data folder once, private to its owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sunplot-secret-'));
    const first = await loadJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadJwtSecret(undefined, dir)).toBe(first);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o077).toBe(0);
    expect(await loadJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});
