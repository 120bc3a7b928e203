/** The gap kept between a tooltip and each side of its map. */
export const edgeGap = 8;

/**
 * How wide a map's tooltip or info window may grow before its text wraps: 352 px, less on a map too narrow to keep
 * that and the gap each side, never under 160 px (a narrower box would wrap every word).
 */
export const tooltipMaxWidth = (mapWidth: number) => Math.max(160, Math.min(352, mapWidth - 2 * edgeGap));
