import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import { IsBoolean } from 'class-validator';
import { CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, type CareUpdateInput } from '@carecircle/libs';
import { IfGiven, IsLink, IsText } from '../../../platform/http/dto-rules';

/** The "Post an update" form (POST) and the edit dialog (PUT, a full replace: no imageUrl removes the photo). */
export class CareUpdateDto implements CareUpdateInput {
  /** 1 to 2000 characters once trimmed. */
  @IsText(CARE_UPDATE_MAX_TEXT, { message: CARE_UPDATE_TEXT.textRequired }) text!: string;
  /** An https:// link or a path POST /api/upload answered; blank or absent: no photo. */
  @IfGiven() @IsLink() imageUrl?: string | null;
  /** Default false. An important update notifies everyone else who sees the recipient. */
  @IfGiven() @IsBoolean() important?: boolean;
}

/** `/api/updates/{id}`: an id that is not a UUID is an update nobody has (404, as for an unknown one). */
export const updateId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_UPDATE_TEXT.notFound) });
