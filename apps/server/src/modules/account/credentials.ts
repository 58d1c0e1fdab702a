// Secrets of the account system: password hashes, session tokens, e-mailed codes, invite codes.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-0');
  await verifyPassword(await dummyHash, password);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** An opaque bearer token: 256 random bits. Only its sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashVerificationCode(email: string, scene: string, code: string): string {
  return sha256(`code\n${scene}\n${email}\n${code}`);
}

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

export function newInviteCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += inviteAlphabet[randomInt(0, inviteAlphabet.length)];
  return code;
}
