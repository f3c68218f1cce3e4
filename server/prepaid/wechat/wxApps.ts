import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WxAppSettings, wxAppSchema } from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/appError';

export type WxAppInput = z.output<typeof wxAppSchema>;

/**
 * /wx/wxApp: the one WeChat app and merchant row, a platform setting (administrators write it). Secrets (app secret,
 * APIv3 key, merchant private key, platform public key) are write-only: reads say only whether one is stored, and
 * an absent or '' value on save keeps the stored one. Enabling it needs every field the provider calls sign with.
 */
export class WxApps {
  constructor(private readonly db: Kysely<Database>) {}

  private row() {
    return this.db.selectFrom('wx_apps').selectAll().orderBy('id').limit(1).executeTakeFirst();
  }

  async view(): Promise<WxAppSettings> {
    const row = await this.row();
    if (!row)
      return {
        appId: '',
        mchId: '',
        merchantSerialNo: '',
        baseUrl: '',
        notifyUrl: '',
        enabled: false,
        appSecretSet: false,
        apiV3KeySet: false,
        privateKeySet: false,
        platformPublicKeySet: false,
        updatedAt: null,
      };
    return {
      appId: row.app_id,
      mchId: row.mch_id,
      merchantSerialNo: row.merchant_serial_no,
      baseUrl: row.base_url,
      notifyUrl: row.notify_url,
      enabled: Number(row.enabled) === 1,
      appSecretSet: row.app_secret !== '',
      apiV3KeySet: row.api_v3_key !== '',
      privateKeySet: row.private_key_pem !== '',
      platformPublicKeySet: row.platform_public_key_pem !== '',
      updatedAt: Number(row.updated_at),
    };
  }

  async save(input: WxAppInput, now = Date.now()): Promise<WxAppSettings> {
    const stored = await this.row();
    const keep = (given: string | undefined, old: string | undefined) => (given === undefined || given === '' ? (old ?? '') : given);
    const values = {
      app_id: input.appId,
      mch_id: input.mchId,
      merchant_serial_no: input.merchantSerialNo,
      app_secret: keep(input.appSecret, stored?.app_secret),
      api_v3_key: keep(input.apiV3Key, stored?.api_v3_key),
      private_key_pem: keep(input.privateKeyPem?.trim(), stored?.private_key_pem),
      platform_public_key_pem: keep(input.platformPublicKeyPem?.trim(), stored?.platform_public_key_pem),
      base_url: input.baseUrl,
      notify_url: input.notifyUrl,
      enabled: input.enabled ? 1 : 0,
      updated_at: now,
    };
    checkKeys(input);
    if (input.enabled) {
      const missing = (
        [
          ['appId', values.app_id],
          ['mchId', values.mch_id],
          ['merchantSerialNo', values.merchant_serial_no],
          ['apiV3Key', values.api_v3_key],
          ['privateKeyPem', values.private_key_pem],
          ['platformPublicKeyPem', values.platform_public_key_pem],
        ] as const
      ).filter(([, value]) => value === '');
      if (missing.length > 0)
        throw validationError(
          missing.map(([field]) => ({
            field,
            rule: 'required',
            message: `is needed before WeChat Pay can be enabled (${missing.map(([name]) => name).join(', ')} missing)`,
          })),
        );
    }
    if (stored) await this.db.updateTable('wx_apps').set(values).where('id', '=', stored.id).execute();
    else await this.db.insertInto('wx_apps').values(values).execute();
    return this.view();
  }
}

/** A key that does not parse is refused now, not at the first payment. */
function checkKeys(input: WxAppInput): void {
  if (input.privateKeyPem?.trim()) {
    try {
      createPrivateKey(input.privateKeyPem.trim());
    } catch {
      throw validationError([{ field: 'privateKeyPem', rule: 'pem', message: 'is not a PEM private key (-----BEGIN PRIVATE KEY-----…)' }]);
    }
  }
  if (input.platformPublicKeyPem?.trim()) {
    try {
      createPublicKey(input.platformPublicKeyPem.trim());
    } catch {
      throw validationError([{ field: 'platformPublicKeyPem', rule: 'pem', message: 'is not a PEM public key or certificate (-----BEGIN PUBLIC KEY-----…)' }]);
    }
  }
}
