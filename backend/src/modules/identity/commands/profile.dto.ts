import { TEXT_MAX } from '@carecircle/libs';
import { IsText } from '../../../platform/http/dto-rules';

/** A user's name, shared by signing up (sign-up/) and changing the profile (update-profile/). */
export class UpdateProfileDto {
  @IsText(TEXT_MAX.personName, { message: 'First name is required' })
  firstName!: string;

  @IsText(TEXT_MAX.personName, { message: 'Last name is required' })
  lastName!: string;
}
