// What the settings specs (profile, prayer settings, prayer times) share: the signed-in user, a fake
// server that answers with that user, the device's location service, and the prayer-time requests.
import type { User } from '@carecircle/libs';
import type { FakeAnswer, SentRequest } from './render-with-api';

/** The signed-in user as GET /api/auth/user answers it; a spec names the fields it is about. */
export const signedInUser = (fields: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'amina@example.test',
  firstName: 'Amina',
  lastName: 'Khan',
  profileImageUrl: null,
  role: 'parent',
  timezone: 'UTC',
  subscriptionActive: false,
  subscriptionPlan: null,
  primaryUserId: null,
  hasWebAuthn: false,
  signedUpWithGoogle: false,
  enablePrayerTasks: false,
  prayerCalculationMethod: 2,
  latitude: null,
  longitude: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

/** The fake server for the user's own settings: each PATCH answers the user with what it was sent, anything else the stored user. */
export const answerUser =
  (stored: User) =>
  ({ method, body }: SentRequest): FakeAnswer =>
    method === 'PATCH' ? { body: { ...stored, ...(body as object) } } : { body: stored };

/** The device's location service: a fixed position, a refusal, or none at all. */
export function deviceLocation(answer: { latitude: number; longitude: number } | 'denied' | 'none') {
  const geolocation =
    answer === 'none'
      ? undefined
      : {
          getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
            answer === 'denied' ? fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError) : ok({ coords: answer } as GeolocationPosition),
        };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

/** The query of each prayer-times request sent for coordinates, in order. */
export const coordinatesAsked = (sent: SentRequest[]) =>
  sent.filter((r) => r.path.startsWith('/api/prayer-times/coordinates')).map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));
