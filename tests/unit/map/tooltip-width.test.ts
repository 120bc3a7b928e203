import { describe, expect, it } from 'vitest';
import { tooltipMaxWidth } from '../../../src/lib/map/tooltip-width.ts';

describe('how wide a map tooltip may grow', () => {
  it('is 352 px on a wide map, the map less 8 px each side on a narrow one, and never under 160 px', () => {
    expect(tooltipMaxWidth(1120)).toBe(352);
    expect(tooltipMaxWidth(368)).toBe(352);
    // A 360 px phone's map inside the page padding.
    expect(tooltipMaxWidth(328)).toBe(312);
    expect(tooltipMaxWidth(176)).toBe(160);
    expect(tooltipMaxWidth(0)).toBe(160);
  });
});
