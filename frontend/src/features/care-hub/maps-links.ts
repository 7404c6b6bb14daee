/**
 * Nearby Care: map searches opened in the user's maps site (no paid API, no call from our server).
 * `where` is "lat,lng" or a typed place.
 */
export const NEARBY_SEARCHES = [
  { key: 'er', label: 'Emergency Rooms', query: 'emergency room' },
  { key: 'urgent', label: 'Urgent Care', query: 'urgent care' },
  { key: 'pharmacy', label: 'Pharmacies', query: 'pharmacy' },
] as const;

/** Coordinates to 5 decimals (about a metre), without trailing zeros. */
export const coordinates = (latitude: number, longitude: number) =>
  `${Number(latitude.toFixed(5))},${Number(longitude.toFixed(5))}`;

/** A Google Maps search URL (maps URLs API): "emergency room near 40.7128,-74.006". */
export function mapsSearchUrl(what: string, where: string): string {
  // The comma between the coordinates stays readable: it is allowed in a query string.
  const query = encodeURIComponent(`${what} near ${where}`).replace(/%2C/g, ',');
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}
