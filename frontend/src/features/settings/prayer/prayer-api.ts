import type { User } from '@carecircle/libs';
import { baseApi } from '../../../app/base-api';
import type { ApiQueryError } from '../../../shared/api/api-error';
import type { Coordinates, PrayerTimesAnswer } from './prayer-day';

export interface PrayerTimesArgs extends Coordinates {
  method: number;
  timezone: string;
}

/** PATCH /api/user/prayer-settings: one changed setting or more. */
export interface PrayerSettingsChange {
  enablePrayerTasks?: boolean;
  prayerCalculationMethod?: number;
  latitude?: number;
  longitude?: number;
}

/** The prayer-times read is tried twice more when it fails (spec document 2, section 7). */
const PRAYER_TIMES_RETRIES = 2;

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/prayer-times/methods: the five calculation methods. */
    getPrayerMethods: build.query<{ id: number; name: string }[], void>({
      query: () => 'prayer-times/methods',
      transformResponse: (answer: { data: { id: number; name: string }[] }) => answer.data,
      keepUnusedDataFor: 3600,
    }),
    /** GET /api/prayer-times/coordinates: the day's times at the coordinates, by the method, in the zone. */
    getPrayerTimes: build.query<PrayerTimesAnswer['data'], PrayerTimesArgs>({
      queryFn: async ({ latitude, longitude, method, timezone }, _api, _extra, baseQuery) => {
        const params = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), method: String(method), timezone });
        let result = await baseQuery(`prayer-times/coordinates?${params}`);
        // A refusal (4xx) says the same again; only a fault or a lost connection is worth another try.
        for (let attempt = 0; attempt < PRAYER_TIMES_RETRIES && result.error && !isRefusal(result.error as ApiQueryError); attempt++) {
          result = await baseQuery(`prayer-times/coordinates?${params}`);
        }
        if (result.error) return { error: result.error as ApiQueryError };
        return { data: (result.data as PrayerTimesAnswer).data };
      },
    }),
    /** PATCH /api/user/prayer-settings: answers the user; the current user is fetched again. */
    updatePrayerSettings: build.mutation<User, PrayerSettingsChange>({
      query: (body) => ({ url: 'user/prayer-settings', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

function isRefusal(error: ApiQueryError): boolean {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

export const { useGetPrayerMethodsQuery, useGetPrayerTimesQuery, useUpdatePrayerSettingsMutation } = api;
