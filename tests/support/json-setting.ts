import { loadSettings } from '../../server/env.ts';

/**
 * For a setting given as JSON (SCREENING_SOURCES, PARCEL_SERVICES): `load` reads the settings with it set to `value` (a
 * string as it is, anything else as JSON), `problem` the message refusing it (and fails when it is accepted).
 */
export function jsonSetting(name: string) {
  const load = (value: unknown) => loadSettings({ [name]: typeof value === 'string' ? value : JSON.stringify(value) });
  const problem = (value: unknown) => {
    try {
      load(value);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`${name} was accepted`);
  };
  return { load, problem };
}
