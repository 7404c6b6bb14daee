import { Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIntIn, IsOneOf, IsText } from '../../../platform/http/dto-rules';

/** Longest base64url field of a credential result we accept (attestation objects of real authenticators stay well under). */
export const CREDENTIAL_FIELD_MAX = 16_000;

/** What the authenticator answered (@simplewebauthn's RegistrationResponseJSON / AuthenticationResponseJSON `response`): base64url text, each bounded. */
export class AuthenticatorResponseDto {
  @IsText(CREDENTIAL_FIELD_MAX, { message: 'clientDataJSON must be the client data' }) clientDataJSON!: string;
  /** Registration. */
  @IsOptional() @IsText(CREDENTIAL_FIELD_MAX, { message: 'attestationObject must be the attestation' }) attestationObject?: string;
  /** Registration (optional there), and sign-in. */
  @IsOptional() @IsText(CREDENTIAL_FIELD_MAX, { message: 'authenticatorData must be the authenticator data' }) authenticatorData?: string;
  @IsOptional() @ArrayMaxSize(10) @IsText(50, { message: 'transports must be transport names', each: true }) transports?: string[];
  @IsOptional() @IsIntIn(-65_536, 65_536) publicKeyAlgorithm?: number;
  @IsOptional() @IsText(CREDENTIAL_FIELD_MAX, { message: 'publicKey must be the public key' }) publicKey?: string;
  /** Sign-in. */
  @IsOptional() @IsText(CREDENTIAL_FIELD_MAX, { message: 'signature must be the signature' }) signature?: string;
  @IsOptional() @IsText(CREDENTIAL_FIELD_MAX, { message: 'userHandle must be the user handle' }) userHandle?: string;
}

/** The credProps extension's answer (whether the passkey is discoverable); other extension results are not used. */
export class CredPropsDto {
  @IsOptional() @IsBoolean({ message: 'rk must be true or false' }) rk?: boolean;
}

export class ClientExtensionResultsDto {
  @IsOptional() @ValidateNested() @Type(() => CredPropsDto) credProps?: CredPropsDto;
}

/**
 * A credential result as @simplewebauthn/browser sends it (spec document 3: id, rawId, response, type,
 * clientExtensionResults, authenticatorAttachment). Every field is checked here; what the response
 * proves is checked by @simplewebauthn/server's verification.
 */
export class PasskeyCredentialDto {
  @IsText(1366, { message: 'id must be the credential id' }) id!: string;
  @IsText(1366, { message: 'rawId must be the credential id' }) rawId!: string;
  @IsOneOf(['public-key'], "type must be 'public-key'") type!: 'public-key';
  @IsObject({ message: 'response must be the authenticator response' }) @ValidateNested() @Type(() => AuthenticatorResponseDto) response!: AuthenticatorResponseDto;
  @IsOptional() @ValidateNested() @Type(() => ClientExtensionResultsDto) clientExtensionResults?: ClientExtensionResultsDto;
  @IsOptional() @IsOneOf(['platform', 'cross-platform'], "authenticatorAttachment must be 'platform' or 'cross-platform'") authenticatorAttachment?: string;
}
