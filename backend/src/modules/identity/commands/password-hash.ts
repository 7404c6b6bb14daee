import { hash, Algorithm } from '@node-rs/argon2';

/** How a password is stored (DESIGN.md: argon2id); registering (UserRegistration) takes the hash, never the password. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: Algorithm.Argon2id });
