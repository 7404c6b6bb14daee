import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';
import type { GroupCategory } from '@carecircle/libs';
import { deterministicId } from '../../../platform/projections/deterministic-id';

/** A group's id is a function of its category: every start, every process and every database names the seven groups alike. */
export const groupIdOf = (category: GroupCategory): string => deterministicId('community.group', category);

const GROUP_ID_MESSAGE = 'id must be a group id (UUID)';
/** The `:id` of the join and leave routes: a 400 naming `id` for anything but a UUID. */
export const groupIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException({ message: GROUP_ID_MESSAGE, errors: [{ field: 'id', message: GROUP_ID_MESSAGE }] }) });

/** A route's UUID parameter: a 400 naming `field` for anything else (`:id` of posts, comments and reports, `:userId`). */
export const uuidParam = (field: string, what: string) => {
  const message = `${field} must be ${what} (UUID)`;
  return new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException({ message, errors: [{ field, message }] }) });
};
export const postIdPipe = uuidParam('id', 'a post id');
export const commentIdPipe = uuidParam('id', 'a comment id');
export const reportIdPipe = uuidParam('id', 'a report id');
export const userIdPipe = uuidParam('userId', 'a user id');
