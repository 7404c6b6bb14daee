import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { localDate, parseScheduleTextOrExplain, SCHEDULE_PARSE_MESSAGES, TASK_MESSAGES, type ParsedSchedule, type User } from '@carecircle/libs';
import { IfGiven, IsCalendarDate, IsText } from '../../../../platform/http/dto-rules';
import { CurrentUser } from '../../../identity';
import { CareTeamClock } from '../../time/care-team-clock';

export class ParseScheduleDto {
  /** Absent or blank: the spec's 'No Schedule Text' message. */
  @IfGiven() @IsText(20_000, { message: SCHEDULE_PARSE_MESSAGES.blankText }) text?: string;
  /** The day the schedule starts (yyyy-mm-dd), for the end date of "for 10 days"; default the user's today. */
  @IfGiven() @IsCalendarDate({ message: TASK_MESSAGES.invalidDate }) startDate?: string;
}

/**
 * Schedule-text parsing on the server (the same pure parser the browser can run), signed-in only.
 * No handler: nothing is recorded and the rules are libs' parser, so the controller only maps its
 * result to 200 or 400.
 */
@ApiTags('schedule')
@Controller('schedule')
export class ParseScheduleController {
  constructor(private readonly clock: CareTeamClock) {}

  /**
   * 200 {tasks, asNeeded, unscheduled} for the review dialog, or 400 with the spec's message
   * ('Parsing error: ...' for an unexpected failure).
   */
  @Post('parse')
  @HttpCode(200)
  async parse(@Body() body: ParseScheduleDto, @CurrentUser() user: User): Promise<ParsedSchedule> {
    const startDate = body.startDate || localDate(new Date(), await this.clock.timezoneOfUser(user.id));
    const result = parseScheduleTextOrExplain(body.text ?? '', { startDate });
    if (!result.ok) throw new BadRequestException({ message: result.error.message, code: result.error.code });
    return { tasks: result.tasks, asNeeded: result.asNeeded, unscheduled: result.unscheduled };
  }
}
