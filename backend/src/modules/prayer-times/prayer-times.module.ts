import { Module } from '@nestjs/common';
import { PrayerTimesController } from './prayer-times.http';

/** Prayer times: computed on the server with adhan, no external service, no stored state. */
@Module({ controllers: [PrayerTimesController] })
export class PrayerTimesModule {}
