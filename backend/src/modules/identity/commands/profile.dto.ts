import { IsText } from '../../../platform/http/dto-rules';

/** A user's name, shared by signing up (sign-up/) and changing the profile (update-profile/). */
export class UpdateProfileDto {
  @IsText(100, { message: 'First name is required' })
  firstName!: string;

  @IsText(100, { message: 'Last name is required' })
  lastName!: string;
}
