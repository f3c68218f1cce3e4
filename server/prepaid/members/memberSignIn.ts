import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { MEMBER_CODE_MAX_TRIES, MEMBER_CODE_RESEND_MS, MEMBER_CODE_TTL_MS } from '@shared/prepaid/constants';
import type { MemberCodeAnswer, MemberLoginAnswer } from '@shared/prepaid/member';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { throttleAddress } from '../../auth/clientAddress';
import { ChannelSettingsStore } from '../../pushes/channelSettings';
import { adapterFor } from '../../pushes/channels';
import { limitOrThrow, purgeExpired } from './rateLimit';
import type { MemberTokens } from './memberTokens';

/** Per address (IPv6 per /64): code requests and sign-in tries together, per 15 minutes. */
export const MEMBER_ADDRESS_LIMIT = 30;
/** Per phone: codes sent per hour (on top of one a minute), so a number cannot be flooded with texts. */
export const MEMBER_PHONE_CODES_PER_HOUR = 10;
const ADDRESS_WINDOW_MS = 15 * 60_000;
const HOUR_MS = 3600_000;

export interface SignInOptions {
  serverSecret: string;
  /** SEED_DEMO on: with no SMS provider the code is logged and returned in the answer. */
  demo: boolean;
  log: FastifyBaseLogger;
}

/**
 * Member sign-in by phone and a 6-digit SMS code. The code is stored only as an HMAC (server secret, phone, code), one
 * pending code per phone, MEMBER_CODE_TTL_MS long, MEMBER_CODE_MAX_TRIES tries. Every answer is the same whether a
 * member has that phone or not: a code row is kept for any number, but a text is sent only to a known one.
 */
export class MemberSignIn {
  private readonly channels: ChannelSettingsStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: MemberTokens,
    private readonly options: SignInOptions,
  ) {
    this.channels = new ChannelSettingsStore(db);
  }

  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.options.serverSecret).update(`member-code:${phone}:${code}`).digest('hex');
  }

  async requestCode(phone: string, ip: string | undefined, now = Date.now()): Promise<MemberCodeAnswer> {
    await limitOrThrow(this.db, `@addr:${throttleAddress(ip)}`, MEMBER_ADDRESS_LIMIT, ADDRESS_WINDOW_MS, now, 'sign-in attempts from this address');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // One atomic upsert: a pending code younger than the resend delay is kept and the request refused.
    const stored = await this.db
      .insertInto('member_login_codes')
      .values({ phone, code_hash: this.hash(phone, code), attempts: 0, sent_at: now, expires_at: now + MEMBER_CODE_TTL_MS })
      .onConflict((oc) =>
        oc
          .column('phone')
          .doUpdateSet({ code_hash: this.hash(phone, code), attempts: 0, sent_at: now, expires_at: now + MEMBER_CODE_TTL_MS })
          .where(sql<boolean>`member_login_codes.sent_at <= ${now - MEMBER_CODE_RESEND_MS}`),
      )
      .returning('phone')
      .executeTakeFirst();
    if (!stored) throw new AppError('MEMBER_CODE_TOO_SOON');
    await limitOrThrow(this.db, `@phone:${phone}`, MEMBER_PHONE_CODES_PER_HOUR, HOUR_MS, now, 'codes for this number');
    if (Math.random() < 0.02) await purgeExpired(this.db, now);

    const known = await this.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
    const sms = await this.channels.config('sms');
    const smsReady = sms !== null && sms.enabled;
    if (known && smsReady) {
      const body = `Your sign-in code is ${code}; it is valid for ${MEMBER_CODE_TTL_MS / 60_000} minutes.`;
      try {
        const answer = await adapterFor('sms', sms).send(sms, { address: phone, subject: 'Sign-in code', body });
        if (!answer.ok) this.options.log.warn({ status: answer.status, detail: answer.detail }, 'member sign-in code: the SMS provider refused the text');
      } catch (error) {
        this.options.log.warn({ err: error }, 'member sign-in code: the SMS provider could not be reached');
      }
    }
    const answer: MemberCodeAnswer = { resendAfterMs: MEMBER_CODE_RESEND_MS, expiresInMs: MEMBER_CODE_TTL_MS };
    if (!smsReady) {
      if (this.options.demo) {
        this.options.log.info({ phone, code }, `member sign-in code for ${phone}: ${code} (demo: no SMS provider is set up)`);
        answer.demoCode = code;
      } else {
        this.options.log.warn('member sign-in code not sent: no SMS provider is set up (/msg/pushsms)');
      }
    }
    return answer;
  }

  async login(phone: string, code: string, ip: string | undefined, now = Date.now()): Promise<MemberLoginAnswer> {
    await limitOrThrow(this.db, `@addr:${throttleAddress(ip)}`, MEMBER_ADDRESS_LIMIT, ADDRESS_WINDOW_MS, now, 'sign-in attempts from this address');
    // Count the try before comparing: parallel guesses cannot all see attempts under the limit.
    const row = await this.db
      .updateTable('member_login_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('phone', '=', phone)
      .where('expires_at', '>', now)
      .where('attempts', '<', MEMBER_CODE_MAX_TRIES)
      .where('code_hash', '!=', '')
      .returning('code_hash')
      .executeTakeFirst();
    const expected = Buffer.from(row?.code_hash ?? '', 'hex');
    const given = Buffer.from(this.hash(phone, code), 'hex');
    if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('MEMBER_CODE_INVALID');
    await this.db.deleteFrom('member_login_codes').where('phone', '=', phone).execute();
    return this.tokens.sign({ phone, memberId: null, openid: null }, now);
  }

  /**
   * WeChat sign-in with the openid of a bound wx_users row. Only the demo accepts a bare openid: a real deployment
   * must get it from WeChat's code exchange, which this server does not do yet, so with SEED_DEMO off it is refused.
   */
  async wechatLogin(openid: string, ip: string | undefined, now = Date.now()): Promise<MemberLoginAnswer> {
    await limitOrThrow(this.db, `@addr:${throttleAddress(ip)}`, MEMBER_ADDRESS_LIMIT, ADDRESS_WINDOW_MS, now, 'sign-in attempts from this address');
    if (!this.options.demo) throw new AppError('FORBIDDEN', { message: 'WeChat sign-in is not available on this server; sign in with your phone number' });
    const bound = await this.db
      .selectFrom('wx_users')
      .innerJoin('members', 'members.id', 'wx_users.member_id')
      .select(['members.id as memberId', 'members.phone'])
      .where('wx_users.openid', '=', openid)
      .executeTakeFirst();
    if (!bound)
      throw new AppError('MEMBER_CODE_INVALID', {
        message: 'This WeChat user is not bound to a member; ask the property office to bind it, or sign in with your phone number',
      });
    return this.tokens.sign({ phone: bound.phone, memberId: bound.phone ? null : Number(bound.memberId), openid }, now);
  }
}
