import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError } from '../http/appError';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** session id: revocation and renewal act on it */
  sid: string;
  iat: number;
  exp: number;
}

export class TokenSigner {
  // A KeyObject made once: with a plain string jsonwebtoken re-derives a key on every call,
  // which was most of the cost of an authenticated request.
  private readonly secret: KeyObject;
  private readonly ttl: () => number;

  /** `ttlSeconds` may be a function: the site settings' session length applies to the next token signed. */
  constructor(secret: string, ttlSeconds: number | (() => number)) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
    this.ttl = typeof ttlSeconds === 'number' ? () => ttlSeconds : ttlSeconds;
  }

  get ttlSeconds(): number {
    return this.ttl();
  }

  sign(userId: number, sessionId: string, nowMs = Date.now()): { token: string; expiresAt: number } {
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.ttlSeconds;
    const token = jwt.sign({ sub: String(userId), sid: sessionId, iat, exp }, this.secret, {
      algorithm: 'HS256',
      noTimestamp: true,
    });
    return { token, expiresAt: exp * 1000 };
  }

  /** Signature first, then expiry: a forged token is 10003 even when its exp is in the past. */
  verify(token: string): TokenClaims {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
        throw new AppError('TOKEN_INVALID');
      }
      return claims as TokenClaims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof jwt.TokenExpiredError) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('TOKEN_INVALID');
    }
  }

  /** Past half its life a token is replaced (sliding renewal); the new one goes out in x-new-token. */
  needsRenewal(claims: TokenClaims, nowMs = Date.now()): boolean {
    return claims.exp * 1000 - nowMs < (this.ttlSeconds * 1000) / 2;
  }
}
