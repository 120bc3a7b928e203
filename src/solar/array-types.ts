/** Array types (PVWatts' words) and mounts (the pvlib chain's), one in terms of the other. */
import type { ArrayType, mounts } from '../contract/settings.ts';

/** The array type a mount (and a tracker's backtracking) stands for. */
export function arrayTypeOf(mount: (typeof mounts)[number], backtrack: boolean | null): ArrayType {
  if (mount === 'two_axis') return '2-axis';
  if (mount === 'single_axis') return backtrack === false ? '1-axis' : '1-axis-backtrack';
  return 'fixed-open';
}

/** The mount an array type is built on. */
export function mountOfArrayType(arrayType: ArrayType): (typeof mounts)[number] {
  if (arrayType === '2-axis') return 'two_axis';
  return arrayType === '1-axis' || arrayType === '1-axis-backtrack' ? 'single_axis' : 'fixed';
}
