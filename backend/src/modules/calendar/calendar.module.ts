import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.http';

/** External calendars: the connection's status today; the Google Calendar sync arrives with its issue. */
@Module({ controllers: [CalendarController] })
export class CalendarModule {}
