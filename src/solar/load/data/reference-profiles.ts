/**
 * Reference consumption tables behind the built-in load shapes, derived from published hourly profiles (the derivation
 * is in docs/load-profiles.md). Every value is relative to the source's mean hour, so only ratios matter: 1.5 means
 * half again as much as the source's average hour.
 */

/** Hours of a day, index 0 = 00:00–01:00 local time, for a weekday (Mon–Fri), a Saturday and a Sunday. */
export interface WeekTable {
  weekday: readonly number[];
  saturday: readonly number[];
  sunday: readonly number[];
  /** Level of each month, January first, fitted so the table reproduces the source's monthly energy. */
  month: readonly number[];
}

/**
 * DOE Commercial Reference Building "medium office" (Deru et al. 2011, NREL/TP-5500-46861) simulated on TMY3 weather at
 * Baltimore (ASHRAE climate zone 4A): NREL REopt's normalised profile
 * data/load_profiles/electric/crb8760_norm_Baltimore_MediumOffice.dat (REopt.jl, Apache-2.0; file dated 2021-09-28,
 * commit a102ed3b). Averages of 252 weekdays, 51 Saturdays and 52 Sundays; the 10 holidays of the reference models
 * are left out.
 */
export const MEDIUM_OFFICE: WeekTable = {
  weekday: [0.473, 0.489, 0.493, 0.512, 0.538, 0.93, 1.427, 1.767, 1.822, 1.741, 1.736, 1.734, 1.768, 1.728, 1.709, 1.731, 1.634, 1.332, 1.242, 1.156, 1.122, 0.746, 0.427, 0.429],
  saturday: [0.371, 0.384, 0.396, 0.409, 0.409, 0.821, 1.198, 1.212, 1.228, 1.178, 1.169, 1.158, 1.134, 0.885, 0.79, 0.799, 0.772, 0.555, 0.324, 0.36, 0.385, 0.403, 0.418, 0.435],
  sunday: [0.446, 0.463, 0.473, 0.488, 0.487, 0.447, 0.412, 0.389, 0.358, 0.344, 0.311, 0.309, 0.311, 0.315, 0.327, 0.36, 0.371, 0.415, 0.437, 0.47, 0.475, 0.491, 0.494, 0.508],
  month: [1.245, 1.138, 0.962, 0.874, 0.828, 0.952, 0.984, 1.021, 0.878, 0.871, 0.94, 1.159],
};

/**
 * DOE Commercial Reference Building "stand-alone retail" on the same weather: REopt's
 * crb8760_norm_Baltimore_RetailStore.dat (same date and commit). Its days run Monday first (the reference model's run period
 * starts on Monday 2 January), as its weekend schedules and holidays show. Averages of 252 weekdays, 52 Saturdays and
 * 51 Sundays, holidays left out.
 */
export const STAND_ALONE_RETAIL: WeekTable = {
  weekday: [0.287, 0.289, 0.291, 0.292, 0.285, 0.446, 0.653, 0.993, 1.539, 1.758, 1.794, 1.822, 1.847, 1.863, 1.879, 1.88, 1.876, 1.623, 1.494, 1.418, 0.767, 0.357, 0.281, 0.283],
  saturday: [0.273, 0.275, 0.276, 0.277, 0.271, 0.431, 0.556, 0.751, 1.173, 1.633, 1.815, 1.844, 1.864, 1.88, 1.892, 1.895, 1.887, 1.512, 1.133, 1.058, 0.844, 0.408, 0.267, 0.269],
  sunday: [0.271, 0.273, 0.275, 0.277, 0.27, 0.215, 0.169, 0.423, 0.544, 0.871, 1.027, 1.269, 1.382, 1.39, 1.398, 1.403, 1.193, 0.908, 0.37, 0.255, 0.271, 0.273, 0.276, 0.277],
  month: [0.922, 0.921, 0.919, 0.907, 0.933, 1.104, 1.167, 1.185, 1.016, 0.936, 0.921, 0.93],
};

/**
 * The average day of each month (January first) of NREL SAM's sample residential load, ssc
 * test/input_cases/pvsamv1_data/pvsamv1_residential_load.csv (added 2017-11-20 in commit 684c22b0; BSD-3-Clause):
 * 6,020 kWh a year of one US home, summer-peaking with a late-afternoon peak from June to September. The source has no
 * weekday/weekend difference (each day of the week within 2.1 % of the mean day), so neither has this table.
 */
export const SAM_RESIDENTIAL_MONTH_DAYS: readonly (readonly number[])[] = [
  [0.594, 0.52, 0.498, 0.491, 0.477, 0.524, 0.648, 0.8, 0.701, 0.56, 0.548, 0.547, 0.543, 0.553, 0.575, 0.619, 0.774, 1.039, 1.276, 1.267, 1.215, 1.126, 0.939, 0.773], // Jan
  [0.596, 0.523, 0.5, 0.493, 0.479, 0.53, 0.642, 0.78, 0.672, 0.543, 0.533, 0.532, 0.527, 0.537, 0.558, 0.594, 0.722, 0.951, 1.186, 1.244, 1.226, 1.131, 0.941, 0.778], // Feb
  [0.555, 0.485, 0.462, 0.455, 0.443, 0.487, 0.576, 0.683, 0.581, 0.488, 0.481, 0.48, 0.477, 0.486, 0.503, 0.536, 0.643, 0.844, 1.054, 1.135, 1.162, 1.066, 0.883, 0.726], // Mar
  [0.518, 0.48, 0.461, 0.446, 0.486, 0.575, 0.69, 0.598, 0.512, 0.519, 0.528, 0.54, 0.572, 0.622, 0.709, 0.868, 1.174, 1.259, 1.256, 1.326, 1.28, 1.046, 0.832, 0.62], // Apr
  [0.64, 0.567, 0.516, 0.486, 0.518, 0.595, 0.71, 0.628, 0.6, 0.642, 0.685, 0.735, 0.814, 0.926, 1.065, 1.283, 1.651, 1.667, 1.597, 1.59, 1.513, 1.262, 1.032, 0.78], // May
  [0.963, 0.86, 0.795, 0.73, 0.746, 0.845, 0.954, 0.894, 0.933, 1.041, 1.14, 1.245, 1.393, 1.57, 1.768, 2.033, 2.527, 2.45, 2.268, 2.144, 2.022, 1.717, 1.422, 1.137], // Jun
  [1.211, 1.096, 1.019, 0.948, 0.965, 1.097, 1.195, 1.112, 1.151, 1.273, 1.388, 1.515, 1.666, 1.85, 2.054, 2.344, 2.725, 2.672, 2.509, 2.401, 2.288, 1.989, 1.678, 1.39], // Jul
  [1.107, 1.002, 0.94, 0.876, 0.89, 1.004, 1.107, 1.021, 1.044, 1.157, 1.255, 1.359, 1.49, 1.657, 1.841, 2.072, 2.512, 2.479, 2.352, 2.287, 2.168, 1.836, 1.551, 1.262], // Aug
  [0.873, 0.792, 0.734, 0.684, 0.696, 0.797, 0.928, 0.855, 0.84, 0.929, 1.018, 1.122, 1.257, 1.412, 1.593, 1.751, 2.134, 2.109, 2.003, 1.991, 1.812, 1.537, 1.28, 1.011], // Sep
  [0.634, 0.57, 0.532, 0.495, 0.532, 0.628, 0.768, 0.709, 0.645, 0.688, 0.777, 0.87, 0.979, 1.106, 1.232, 1.352, 1.605, 1.646, 1.645, 1.609, 1.462, 1.224, 0.995, 0.76], // Oct
  [0.531, 0.464, 0.439, 0.433, 0.421, 0.464, 0.557, 0.681, 0.6, 0.493, 0.484, 0.483, 0.48, 0.488, 0.51, 0.56, 0.718, 0.969, 1.171, 1.133, 1.108, 1.024, 0.848, 0.696], // Nov
  [0.593, 0.521, 0.495, 0.488, 0.474, 0.524, 0.642, 0.789, 0.692, 0.56, 0.548, 0.547, 0.543, 0.553, 0.579, 0.636, 0.815, 1.096, 1.302, 1.237, 1.21, 1.123, 0.934, 0.774], // Dec
];
