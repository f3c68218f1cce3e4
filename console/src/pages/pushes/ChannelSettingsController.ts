import type { TFunction } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { z } from 'zod';
import type { ChannelSettingsBodies, PushesApi } from '@shared/api/pushesApi';
import {
  emailSettingsSchema,
  smsSettingsSchema,
  wechatSettingsSchema,
  type ChannelTestResult,
  type PushChannel,
  type PushChannelSettings,
  type PushTemplate,
} from '@shared/schemas/pushes';
import { schemaErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';

const SCHEMAS: Record<PushChannel, z.ZodType> = { email: emailSettingsSchema, sms: smsSettingsSchema, wechat: wechatSettingsSchema };
/** The write-only field of each channel: sent only when typed, never read back. */
export const SECRET_FIELDS: Record<PushChannel, string | null> = { email: 'password', sms: 'apiKey', wechat: null };

export type SettingsSaveResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * The channels' settings (msg/verify, msg/pushsms, msg/pushwx) and their test sends. Secrets are
 * write-only: the server answers `hasSecret`, and an empty secret on save keeps the stored one.
 */
export class ChannelSettingsController {
  settings: PushChannelSettings | null = null;
  templates: PushTemplate[] = [];
  loading = false;
  saving = false;
  testing = false;
  testResult: ChannelTestResult | null = null;

  constructor(
    private readonly api: Pick<PushesApi, 'channels' | 'saveChannel' | 'testChannel' | 'templates'>,
    private readonly t: TFunction,
    /** Whether the role may read templates; without, the test send offers only the built-in text. */
    private readonly canReadTemplates = true,
  ) {
    makeAutoObservable<ChannelSettingsController, 'api' | 't' | 'canReadTemplates'>(
      this,
      { api: false, t: false, canReadTemplates: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const [settings, templates] = await Promise.all([this.api.channels(), this.canReadTemplates ? this.api.templates().catch(() => []) : []]);
      runInAction(() => {
        this.settings = settings;
        this.templates = templates;
      });
    } catch {
      // The toast said why.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  hasSecret(channel: PushChannel): boolean {
    const stored = this.settings?.[channel];
    return Boolean(stored && 'hasSecret' in stored && stored.hasSecret);
  }

  templatesOf(channel: PushChannel): PushTemplate[] {
    return this.templates.filter((template) => template.channel === channel);
  }

  /**
   * Checks with the contract and saves. An empty secret is left out (the stored one stays); without a
   * stored one the server needs nothing more than the contract says (a server without login is allowed).
   */
  async save<C extends PushChannel>(channel: C, values: ChannelSettingsBodies[C]): Promise<SettingsSaveResult> {
    const body: Record<string, unknown> = { ...values };
    const secret = SECRET_FIELDS[channel];
    if (secret && !body[secret]) delete body[secret];
    const errors = schemaErrors(this.t, SCHEMAS[channel], body);
    if (Object.keys(errors).length) return { ok: false, errors };
    this.saving = true;
    try {
      await this.api.saveChannel(channel, body as ChannelSettingsBodies[C]);
      const settings = await this.api.channels();
      runInAction(() => (this.settings = settings));
      return { ok: true };
    } catch (error) {
      return { ok: false, errors: serverFieldErrors(this.t, error) };
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Sends one message now; the provider's answer (ok, status, detail, duration) stays for the card. */
  async test(channel: PushChannel, address: string, templateId?: number): Promise<ChannelTestResult | null> {
    this.testing = true;
    this.testResult = null;
    try {
      const result = await this.api.testChannel(channel, { address: address.trim(), ...(templateId ? { templateId } : {}) });
      runInAction(() => (this.testResult = result));
      return result;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.testing = false));
    }
  }

  clearTest(): void {
    this.testResult = null;
  }
}
