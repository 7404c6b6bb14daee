import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import { INVITATION_MESSAGES } from '@carecircle/libs';

/** An invitation id in a path: anything but a UUID is an invitation that does not exist (404). */
export const invitationIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(INVITATION_MESSAGES.notFound) });
