import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type {
  ChannelTestResult,
  EmailSettingsInput,
  ProviderCallPage,
  providerCallQuerySchema,
  PushChannel,
  PushChannelSettings,
  PushContacts,
  PushContactsInput,
  PushRecordPage,
  pushRecordQuerySchema,
  PushTask,
  PushTaskInput,
  PushTemplate,
  PushTemplateInput,
  SmsSettingsInput,
  TemplateDefaults,
  TemplatePreview,
  WechatSettingsInput,
} from '../schemas/pushes';
import { envelopeData } from './envelopeData';

export type PushRecordQuery = z.input<typeof pushRecordQuerySchema>;
export type ProviderCallQuery = z.input<typeof providerCallQuerySchema>;

/** The answer to a resend: records put back to pending, and the ones left as they were with the reason. */
export interface ResendResult {
  changed: number[];
  skipped: { id: number; reason: string }[];
}

/** What each channel's settings form sends (secrets only when typed: empty keeps the stored one). */
export interface ChannelSettingsBodies {
  email: EmailSettingsInput;
  sms: SmsSettingsInput;
  wechat: WechatSettingsInput;
}

/** Message pushes: templates, defaults, tasks, records, provider calls, channels, contacts. */
export interface PushesApi {
  templates(channel?: PushChannel): Promise<PushTemplate[]>;
  createTemplate(body: PushTemplateInput): Promise<PushTemplate>;
  updateTemplate(id: number, body: PushTemplateInput): Promise<PushTemplate>;
  deleteTemplates(ids: number[]): Promise<unknown>;
  previewTemplate(body: { subject: string; body: string; alarmId?: number }): Promise<TemplatePreview>;
  templateDefaults(): Promise<TemplateDefaults>;
  saveTemplateDefaults(body: TemplateDefaults): Promise<TemplateDefaults>;
  tasks(): Promise<PushTask[]>;
  createTask(body: PushTaskInput): Promise<PushTask>;
  updateTask(id: number, body: PushTaskInput): Promise<PushTask>;
  deleteTasks(ids: number[]): Promise<unknown>;
  records(query: PushRecordQuery): Promise<PushRecordPage>;
  resend(ids: number[]): Promise<ResendResult>;
  providerCalls(query: ProviderCallQuery): Promise<ProviderCallPage>;
  channels(): Promise<PushChannelSettings>;
  saveChannel<C extends PushChannel>(channel: C, body: ChannelSettingsBodies[C]): Promise<unknown>;
  testChannel(channel: PushChannel, body: { address: string; templateId?: number }): Promise<ChannelTestResult>;
  contacts(): Promise<PushContacts[]>;
  saveContacts(userId: number, body: PushContactsInput): Promise<PushContacts>;
}

export function createPushesApi(http: AxiosInstance): PushesApi {
  return {
    templates: (channel) => envelopeData(http.get('/push-templates', { params: channel ? { channel } : {} })),
    createTemplate: (body) => envelopeData(http.post('/push-templates', body)),
    updateTemplate: (id, body) => envelopeData(http.put(`/push-templates/${id}`, body)),
    deleteTemplates: (ids) => envelopeData(http.delete('/push-templates', { data: { ids } })),
    previewTemplate: (body) => envelopeData(http.post('/push-templates/preview', body)),
    templateDefaults: () => envelopeData(http.get('/push-template-defaults')),
    saveTemplateDefaults: (body) => envelopeData(http.put('/push-template-defaults', body)),
    tasks: () => envelopeData(http.get('/push-tasks')),
    createTask: (body) => envelopeData(http.post('/push-tasks', body)),
    updateTask: (id, body) => envelopeData(http.put(`/push-tasks/${id}`, body)),
    deleteTasks: (ids) => envelopeData(http.delete('/push-tasks', { data: { ids } })),
    records: (query) => envelopeData(http.get('/push-records', { params: query })),
    resend: (ids) => envelopeData(http.post('/push-records/resend', { ids })),
    providerCalls: (query) => envelopeData(http.get('/provider-calls', { params: query })),
    channels: () => envelopeData(http.get('/push-channels')),
    saveChannel: (channel, body) => envelopeData(http.put(`/push-channels/${channel}`, body)),
    testChannel: (channel, body) => envelopeData(http.post(`/push-channels/${channel}/test`, body)),
    contacts: () => envelopeData(http.get('/push-contacts')),
    saveContacts: (userId, body) => envelopeData(http.put(`/push-contacts/${userId}`, body)),
  };
}
