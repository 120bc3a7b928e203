import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token for a mailed link; only its hash is stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');
