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
// Distinct audiences make jose itself refuse an access token where a refresh is expected and the reverse.
const audience: Record<TokenKind, string> = { access: 'sunplot:access', refresh: 'sunplot:refresh' };

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(kind: TokenKind, claims: { userId: string; familyId: string; tokenId: string; expiresAt: Date }) {
    return new SignJWT({ fid: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience[kind])
      .setSubject(claims.userId)
      .setJti(claims.tokenId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(key);
  }

  async function verify(kind: TokenKind, token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer, audience: audience[kind], algorithms: ['HS256'] });
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
