import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsUUID } from 'class-validator';
import { COMMUNITY_LIMITS, GROUP_MEMBER_ROLES, REACTION_TYPES, type GroupRole, type ReactionType } from '@carecircle/libs';
import { IfGiven, IsText } from '../../../platform/http/dto-rules';

/**
 * Bodies of the community routes (/work/community-contract.md), with the house's rules
 * (platform/http/dto-rules.ts): text of at most the contract's length and storable, booleans,
 * UUIDs, enums; a 400 names the field. The deciders judge the trimmed text again (blank refused).
 */
const TextField = (max: number) => IsText(max, { message: (args) => `${args.property} must be text` });

export class CreatePostDto {
  @ApiProperty({ maxLength: COMMUNITY_LIMITS.titleMax }) @TextField(COMMUNITY_LIMITS.titleMax) title!: string;
  @ApiProperty({ maxLength: COMMUNITY_LIMITS.bodyMax }) @TextField(COMMUNITY_LIMITS.bodyMax) body!: string;
  @ApiPropertyOptional({ default: false }) @IfGiven() @IsBoolean() isAnonymous?: boolean;
}

export class AddCommentDto {
  @ApiProperty({ maxLength: COMMUNITY_LIMITS.commentMax }) @TextField(COMMUNITY_LIMITS.commentMax) body!: string;
  /** A top-level comment of the same post: this one is a reply to it. */
  @ApiPropertyOptional({ format: 'uuid' }) @IfGiven() @IsUUID('all', { message: 'parentCommentId must be a comment id (UUID)' }) parentCommentId?: string | null;
  @ApiPropertyOptional({ default: false }) @IfGiven() @IsBoolean() isAnonymous?: boolean;
}

/** Exactly one of postId and commentId. */
export class ToggleReactionDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IfGiven() @IsUUID('all', { message: 'postId must be a post id (UUID)' }) postId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IfGiven() @IsUUID('all', { message: 'commentId must be a comment id (UUID)' }) commentId?: string;
  @ApiProperty({ enum: REACTION_TYPES }) @IsIn(REACTION_TYPES, { message: `reactionType must be one of ${REACTION_TYPES.join(', ')}` }) reactionType!: ReactionType;
}

export class ReasonDto {
  @ApiProperty({ maxLength: COMMUNITY_LIMITS.reasonMax }) @TextField(COMMUNITY_LIMITS.reasonMax) reason!: string;
}

/** Required for a moderator removing someone else's; optional (and not kept) for an author deleting their own. */
export class OptionalReasonDto {
  @ApiPropertyOptional({ maxLength: COMMUNITY_LIMITS.reasonMax }) @IfGiven() @TextField(COMMUNITY_LIMITS.reasonMax) reason?: string;
}

export class MuteDto {
  /** ISO 8601 date and time, in the future, at most muteMaxDays away; absent: 7 days. */
  @ApiPropertyOptional({ format: 'date-time' }) @IfGiven() @IsText(40, { message: 'until must be a date and time (ISO 8601)' }) until?: string;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: GROUP_MEMBER_ROLES }) @IsIn(GROUP_MEMBER_ROLES, { message: `role must be one of ${GROUP_MEMBER_ROLES.join(', ')}` }) role!: GroupRole;
}
