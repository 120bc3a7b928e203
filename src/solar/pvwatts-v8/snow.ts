/**
 * Snow cover loss of Marion et al. (2013), "Measured and modeled photovoltaic system energy losses from snow for
 * Colorado and Wisconsin locations", Solar Energy 97: 112-121; ported from NREL SSC's pvsnowmodel
 * (shared/lib_snowmodel.cpp, commit e97a19f8). SSC keeps its state and inputs in single precision; every step here
 * rounds to float32 (Math.fround) where the C++ does, so coverage and loss match SSC bit for bit.
 */

const f32 = Math.fround;

/** Snow depths outside [0, 610] cm (about 20 ft) or NaN count as bad and are read as 0. */
export const SNOW_DEPTH_MAX_CM = 610;
/** ssc stops the snow model at this many bad snow depths. */
export const SNOW_MODEL_MAX_BAD_HOURS = 500;

/** util::format's %f: six decimals, then trailing zeros and point removed. */
function formatLikeSsc(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '');
}

export class SnowModel {
  /** Tilt used at night (sunup = 0), degrees. */
  baseTilt = 0;
  /** Fig. 4 of Marion et al.: sliding when air temperature > POA / mSlope. */
  readonly mSlope = f32(-80);
  /** Fig. 7 of Marion et al.: the sliding coefficient (1.97 in PVWatts). */
  sSlope = 0;
  /** Snowfall detection: depth rises by at least deltaThreshold per hour and is at least depthThreshold, cm. */
  readonly deltaThreshold = f32(1.0);
  readonly depthThreshold = f32(1.0);
  previousDepth = 0;
  /** Fraction of the array covered by snow, 0..1. */
  coverage = 0;
  private previousCoverage = 0;
  /** Modules along the slope: the loss is coverage rounded up to whole modules. */
  nmody = 0;
  badValues = 0;
  readonly maxBadValues = SNOW_MODEL_MAX_BAD_HOURS;
  msg = '';
  good = true;

  /**
   * Returns false with a warning in `msg` when limitTilt is set and the tilt is outside 10-45° (the model still runs;
   * `good` stays true, and cmod_pvwattsv8 only logs msg when good is false, so PVWatts never shows that warning).
   */
  setup(nmody: number, baseTiltDeg: number, slideCoefficient = 1.97, limitTilt = true): boolean {
    this.nmody = Math.trunc(nmody);
    this.baseTilt = f32(baseTiltDeg);
    this.sSlope = f32(slideCoefficient);
    this.good = true;
    if (limitTilt && (this.baseTilt > 45 || this.baseTilt < 10)) {
      this.msg =
        'The snow model is designed to work for PV arrays with a tilt angle between 10 and 45 degrees, but will generate ' +
        `results for tilt angles outside this range. The system you are modeling includes a subarray tilt angle of ${formatLikeSsc(this.baseTilt)} degrees.`;
      return false;
    }
    return true;
  }

  /**
   * Advances one step and returns the DC loss fraction (0..1) from snow cover, in steps of 1 / nmody.
   * poa W/m2, tilt degrees, tdry °C, snowDepth cm, sunup as SSC's flag (0 = night), dt hours; wind is not used.
   * A bad depth counts in `badValues`; at the 500th, `good` turns false and this throws, as cmod does.
   */
  getLoss(poa: number, tilt: number, _wspd: number, tdry: number, snowDepth: number, sunup: number, dt: number): number {
    let depth = f32(snowDepth);
    const poa32 = f32(poa);
    const dt32 = f32(dt);
    let tilt32 = f32(tilt);

    if (depth < 0 || depth > SNOW_DEPTH_MAX_CM || Number.isNaN(depth)) {
      depth = 0;
      this.badValues++;
      if (this.badValues === this.maxBadValues) {
        this.good = false;
        this.msg = `The weather file contains no snow depth data or the data is not valid. Found (${this.maxBadValues}) bad snow depth values.`;
        throw new Error(this.msg);
      }
    }

    // Step 1: snowfall covers the array; otherwise the cover carries over.
    let coverage: number;
    if (f32(depth - this.previousDepth) >= f32(this.deltaThreshold * dt32) && depth >= this.depthThreshold) coverage = 1;
    else coverage = this.previousCoverage;
    // Override 1: no snow on the ground, no snow on the array.
    if (depth < this.depthThreshold) coverage = 0;

    // Step 4: sliding, at the base tilt at night (trackers report tilt 0 then).
    if (sunup === 0) tilt32 = this.baseTilt;
    if (f32(f32(tdry) - f32(poa32 / this.mSlope)) > 0) {
      coverage = f32(coverage - f32(0.1 * this.sSlope * Math.sin((tilt32 * Math.PI) / 180) * dt32));
    }
    // Override 2.
    if (coverage < 0) coverage = 0;

    const loss = this.nmody > 0 ? f32(Math.ceil(f32(coverage * this.nmody)) / this.nmody) : 0;

    this.previousDepth = depth;
    this.coverage = coverage;
    this.previousCoverage = coverage;
    return loss;
  }
}
