import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { parseScheduleTextOrExplain, SCHEDULE_PARSE_MESSAGES, type ParsedScheduleTask } from '@carecircle/libs';
import { IfGiven, IsText } from '../../../../platform/http/dto-rules';

export class ParseScheduleDto {
  /** Absent or blank: the spec's 'No Schedule Text' message. */
  @IfGiven() @IsText(20_000, { message: SCHEDULE_PARSE_MESSAGES.blankText }) text?: string;
}

/**
 * Schedule-text parsing on the server (the same pure parser the browser can run), signed-in only.
 * No handler: nothing is recorded and the rules are libs' parser, so the controller only maps its
 * result to 200 or 400.
 */
@ApiTags('schedule')
@Controller('schedule')
export class ParseScheduleController {
  /** 200 {tasks} for the review dialog, or 400 with the spec's message ('Parsing error: ...' for an unexpected failure). */
  @Post('parse')
  @HttpCode(200)
  parse(@Body() body: ParseScheduleDto): { tasks: ParsedScheduleTask[] } {
    const result = parseScheduleTextOrExplain(body.text ?? '');
    if (!result.ok) throw new BadRequestException({ message: result.error.message, code: result.error.code });
    return { tasks: result.tasks };
  }
}
