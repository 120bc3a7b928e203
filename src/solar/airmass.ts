/** Relative optical air mass, Kasten & Young (1989) eq. 3, from the apparent zenith; NaN below the horizon. */

const KY_A = 0.50572;
const KY_B = 96.07995;
const KY_C = -1.6364;

export function kastenYoungAirmass(apparentZenithDeg: number): number {
  if (apparentZenithDeg > 90) return NaN;
  return 1 / (Math.cos((apparentZenithDeg * Math.PI) / 180) + KY_A * (KY_B - apparentZenithDeg) ** KY_C);
}

const STEPS_PER_DEGREE = 100;

/**
 * The same formula for the hourly loop, where its power function dominates: the smooth term a·(b - z)^c is
 * tabulated every 0.01° and interpolated linearly (relative error under 2e-6 up to the horizon, see the tests);
 * the cosine comes from the caller.
 */
export class AirmassTable {
  private readonly term = new Float64Array(90 * STEPS_PER_DEGREE + 2);

  constructor() {
    for (let k = 0; k < this.term.length; k++) this.term[k] = KY_A * (KY_B - k / STEPS_PER_DEGREE) ** KY_C;
  }

  at(apparentZenithDeg: number, cosZenith: number): number {
    if (!(apparentZenithDeg <= 90)) return NaN;
    const x = Math.max(apparentZenithDeg, 0) * STEPS_PER_DEGREE;
    const k = Math.floor(x);
    const low = this.term[k] ?? 0;
    return 1 / (cosZenith + low + (x - k) * ((this.term[k + 1] ?? 0) - low));
  }
}

let shared: AirmassTable | undefined;

export function sharedAirmassTable(): AirmassTable {
  shared ??= new AirmassTable();
  return shared;
}
