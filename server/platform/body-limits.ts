/**
 * Request body limits above the app's JSON default (64 KiB, server/app.ts), for the routes that need more. A body
 * carrying hourly series has its limit in the contract (seriesBodyLimit, src/contract/behind-the-meter.ts).
 */

/** Boundaries drawn around large sites run to thousands of vertices: project create and edit, parcels, screening. */
export const geometryBodyLimit = 2 * 1024 * 1024;
