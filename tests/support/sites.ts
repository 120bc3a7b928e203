/** Greensboro, NC, where the TMY3 weather file was measured. */
export const greensboro = { lat: 36.1, lng: -79.95 };

const d = 0.002;
/** A square of about 20 ha around Greensboro's point. */
export const greensboroBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [greensboro.lng - d, greensboro.lat - d],
      [greensboro.lng + d, greensboro.lat - d],
      [greensboro.lng + d, greensboro.lat + d],
      [greensboro.lng - d, greensboro.lat + d],
      [greensboro.lng - d, greensboro.lat - d],
    ],
  ],
};
