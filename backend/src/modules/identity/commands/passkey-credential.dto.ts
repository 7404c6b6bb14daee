import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsObject, IsOptional, IsString } from 'class-validator';
import { IsText } from '../../../platform/http/dto-rules';

/** Longest base64url field of a credential result we accept (attestation objects of real authenticators stay well under). */
export const CREDENTIAL_FIELD_MAX = 16_000;

/**
 * A credential result as @simplewebauthn/browser sends it (spec document 3: id, rawId, response, type,
 * clientExtensionResults, authenticatorAttachment). The shape is checked here; everything inside
 * `response` is checked by @simplewebauthn/server's verification.
 */
export class PasskeyCredentialDto {
  @IsText(1366, { message: 'id must be the credential id' }) id!: string;
  @IsText(1366, { message: 'rawId must be the credential id' }) rawId!: string;
  @Equals('public-key', { message: "type must be 'public-key'" }) type!: 'public-key';
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject({ message: 'response must be the authenticator response' })
  response!: Record<string, unknown>;
  @IsOptional() @IsObject({ message: 'clientExtensionResults must be an object' }) clientExtensionResults?: Record<string, unknown>;
  @IsOptional() @IsString({ message: 'authenticatorAttachment must be text' }) authenticatorAttachment?: string;
}

/** Every string inside a response is bounded like the ids (a body with a megabyte of base64 is refused before any decoding). */
export function responseFieldsBounded(response: Record<string, unknown>): boolean {
  return Object.values(response).every((value) =>
    typeof value === 'string' ? value.length <= CREDENTIAL_FIELD_MAX : Array.isArray(value) ? value.length <= 10 && value.every((item) => typeof item === 'string' && item.length <= 50) : value === undefined || value === null || typeof value === 'number',
  );
}
