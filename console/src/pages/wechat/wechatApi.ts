import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { envelopeData } from '@shared/api/envelopeData';
import type { Page } from '@shared/api/energyApi';
import type { WxAppSettings, WxUserRow, wxAppSchema } from '@shared/prepaid';

export type WxAppInput = z.input<typeof wxAppSchema>;
export interface WxUserQuery {
  page: number;
  size: number;
  keyword?: string;
  bound?: 'true' | 'false';
}

/** /api/wx/*: the WeChat app settings (secrets write-only) and the WeChat users bound to members. */
export interface WechatApi {
  app(): Promise<WxAppSettings>;
  saveApp(body: WxAppInput): Promise<WxAppSettings>;
  users(query: WxUserQuery): Promise<Page<WxUserRow>>;
  bind(id: number, memberId: number): Promise<WxUserRow>;
  unbind(id: number): Promise<WxUserRow>;
}

export function createWechatApi(http: AxiosInstance): WechatApi {
  return {
    app: () => envelopeData(http.get('/wx/app')),
    saveApp: (body) => envelopeData(http.put('/wx/app', body)),
    users: async (query) => {
      const answer = await envelopeData<{ list: WxUserRow[]; total: number }>(http.get('/wx/users', { params: query }));
      return { rows: answer.list, total: answer.total };
    },
    bind: (id, memberId) => envelopeData(http.post(`/wx/users/${id}/bind`, { memberId })),
    unbind: (id) => envelopeData(http.post(`/wx/users/${id}/unbind`, {})),
  };
}

/**
 * What the form sends: a secret only when the operator typed one (empty keeps the stored value on the server),
 * every other field as typed.
 */
export function appBody(values: WxAppInput): WxAppInput {
  const body: WxAppInput = { ...values };
  for (const secret of ['appSecret', 'apiV3Key', 'privateKeyPem', 'platformPublicKeyPem'] as const) {
    const value = body[secret];
    if (value === undefined || value.trim() === '') delete body[secret];
  }
  return body;
}
