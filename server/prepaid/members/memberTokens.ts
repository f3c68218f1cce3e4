import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/appError';
import { bearerToken } from '../../http/access';

/** A member stays signed in on the phone for a week; signing in again is one SMS code. */
export const MEMBER_TOKEN_TTL_S = 7 * 24 * 3600;
const AUDIENCE = 'member';

/** Who a member token speaks for: every member row with this phone, or (WeChat with no phone on file) one member. */
export interface MemberClaims {
  kind: 'member';
  phone: string;
  memberId: number | null;
  openid: string | null;
}

/**
 * Member tokens: HS256 JWTs under a key derived from the server's token secret (HMAC of it with a fixed label) and
 * audience `member`. The console's TokenSigner verifies with the secret itself, so a member token fails its
 * signature check on every console route (10003), and a console token fails here: neither can stand in for the other.
 */
export class MemberTokens {
  private readonly key: KeyObject;

  constructor(serverSecret: string) {
    this.key = createSecretKey(createHmac('sha256', serverSecret).update('member-token').digest());
  }

  sign(claims: Omit<MemberClaims, 'kind'>, nowMs = Date.now()): { token: string; expiresAt: number } {
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + MEMBER_TOKEN_TTL_S;
    const token = jwt.sign({ kind: 'member', ...claims, iat, exp }, this.key, { algorithm: 'HS256', audience: AUDIENCE, noTimestamp: true });
    return { token, expiresAt: exp * 1000 };
  }

  verify(token: string): MemberClaims {
    try {
      const claims = jwt.verify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      if (typeof claims !== 'object' || claims.kind !== 'member' || typeof claims.phone !== 'string') throw new AppError('TOKEN_INVALID');
      return {
        kind: 'member',
        phone: claims.phone,
        memberId: typeof claims.memberId === 'number' ? claims.memberId : null,
        openid: typeof claims.openid === 'string' ? claims.openid : null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof jwt.TokenExpiredError) throw new AppError('TOKEN_EXPIRED', { message: 'Your sign-in has expired; ask for a new code' });
      throw new AppError('TOKEN_INVALID', { message: 'Sign in again with your phone number' });
    }
  }

  /** The member behind a request's Bearer token (member routes only). */
  fromRequest(request: FastifyRequest): MemberClaims {
    const token = bearerToken(request);
    if (!token) throw new AppError('TOKEN_MISSING', { message: 'Sign in with your phone number first' });
    return this.verify(token);
  }
}
