import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { DEFAULT_PRAYER_CALCULATION_METHOD, isIanaTimeZone, PRAYER_METHODS } from '@carecircle/libs';
import { IsQueryDate } from '../../platform/http/dto-rules';
import { dateIn, prayerDay, type PrayerDay } from './domain/prayer-day';

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A query number within [min, max]: decimal text only (no '', 'abc', '1e3', repeated parameters). */
function IsQueryNumberIn(min: number, max: number, message: string, options: { integer?: boolean } = {}) {
  return ValidateBy({
    name: 'isQueryNumber',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string' || value.length > 30 || !NUMBER.test(value)) return false;
        const n = Number(value);
        return n >= min && n <= max && (!options.integer || Number.isInteger(n));
      },
      defaultMessage: () => message,
    },
  });
}

export class PrayerTimesQuery {
  @IsQueryNumberIn(-90, 90, 'latitude must be a number from -90 to 90') latitude!: string;
  @IsQueryNumberIn(-180, 180, 'longitude must be a number from -180 to 180') longitude!: string;
  @IsOptional() @IsQueryNumberIn(1, 5, 'method must be a whole number from 1 to 5', { integer: true }) method?: string;
  @ValidateBy({
    name: 'isIanaTimeZone',
    validator: { validate: (value: unknown) => typeof value === 'string' && value.length <= 50 && isIanaTimeZone(value), defaultMessage: () => 'timezone must be an IANA time zone such as America/New_York' },
  })
  timezone!: string;
  @IsOptional() @IsQueryDate('date must be a date written yyyy-mm-dd') date?: string;
}

export interface PrayerTimesAnswer {
  success: true;
  data: Omit<PrayerDay, 'times'> & { location: { city: string | null; country: string | null; latitude: number; longitude: number } };
}

/** Prayer times computed here with adhan (DESIGN.md), for signed-in users like every app route. */
@ApiTags('prayer-times')
@Controller('prayer-times')
export class PrayerTimesController {
  @Get('methods')
  methods(): { success: true; data: { id: number; name: string }[] } {
    return { success: true, data: PRAYER_METHODS.map(({ id, name }) => ({ id, name })) };
  }

  /** GET /api/prayer-times/coordinates?latitude&longitude&method&timezone[&date]: the day's times in that zone. */
  @Get('coordinates')
  coordinates(@Query() query: PrayerTimesQuery): PrayerTimesAnswer {
    const now = new Date();
    const latitude = Number(query.latitude);
    const longitude = Number(query.longitude);
    const { formatted, nextPrayer, date } = prayerDay({
      latitude,
      longitude,
      method: query.method === undefined ? DEFAULT_PRAYER_CALCULATION_METHOD : Number(query.method),
      timezone: query.timezone,
      date: query.date ?? dateIn(query.timezone, now),
      now,
    });
    return { success: true, data: { formatted, nextPrayer, date, location: { city: null, country: null, latitude, longitude } } };
  }
}
