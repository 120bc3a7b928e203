import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  familyId: string;
  tokenId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export class InvalidTokenError extends Error {}

const issuer = 'sunplot';
// About 0.5 kB each: a few MB at most.
const verifiedAccessCacheSize = 10_000;
// Distinct audiences make jose itself refuse an access token where a refresh is expected and the reverse.
const audience: Record<TokenKind, string> = { access: 'sunplot:access', refresh: 'sunplot:refresh' };

export function createTokenSigner(secret: string) {
  // Imported once: given the raw bytes, jose would import them as a new CryptoKey on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // An import failure surfaces on the first use, not as an unhandled rejection.
  key.catch(() => {});

  async function sign(kind: TokenKind, claims: { userId: string; familyId: string; tokenId: string; expiresAt: Date }) {
    return new SignJWT({ fid: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience[kind])
      .setSubject(claims.userId)
      .setJti(claims.tokenId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(await key);
  }

  // Access tokens already verified, by their whole text (signature included): a client sends the same one on every
  // request until it expires, and a token's claims cannot change, so only its expiry is checked again. Oldest out first.
  const verifiedAccess = new Map<string, TokenClaims>();

  async function verify(kind: TokenKind, token: string): Promise<TokenClaims> {
    if (kind === 'access') {
      const known = verifiedAccess.get(token);
      // jose's rule: expired once `exp` <= now in whole seconds.
      if (known && known.expiresAt.getTime() / 1000 > Math.floor(Date.now() / 1000)) return { ...known };
      if (known) verifiedAccess.delete(token);
    }
    const claims = await verifySignature(kind, token);
    if (kind === 'access') {
      if (verifiedAccess.size >= verifiedAccessCacheSize) verifiedAccess.delete(verifiedAccess.keys().next().value!);
      verifiedAccess.set(token, claims);
    }
    return { ...claims };
  }

  async function verifySignature(kind: TokenKind, token: string): Promise<TokenClaims> {
    const verifyKey = await key;
    try {
      const { payload } = await jwtVerify(token, verifyKey, { issuer, audience: audience[kind], algorithms: ['HS256'] });
      const { sub, jti, fid, iat, exp } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof fid !== 'string' || !iat || !exp) {
        throw new InvalidTokenError('Token is missing claims.');
      }
      return { userId: sub, familyId: fid, tokenId: jti, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('Token has expired.');
      throw new InvalidTokenError('Token is invalid.');
    }
  }

  return { sign, verify };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
