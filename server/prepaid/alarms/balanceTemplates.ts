import type { BalanceLevel } from '@shared/prepaid';

/** What a member is told: a balance level reached, or the supply cut or restored. */
export type BalanceNotice = 'level1' | 'level2' | 'arrears' | 'cut' | 'restore';
export type NoticeLanguage = 'en' | 'zh' | 'es';

export const NOTICE_OF_LEVEL: Record<Exclude<BalanceLevel, 0>, BalanceNotice> = { 1: 'level1', 2: 'level2', 3: 'arrears' };

/** Placeholders: {{room}}, {{balance}} (e.g. 12.34 CNY), {{threshold}}. Plain text, never HTML. */
export const BALANCE_TEMPLATES: Record<NoticeLanguage, Record<BalanceNotice, { subject: string; body: string }>> = {
  en: {
    level1: { subject: 'Low balance: {{room}}', body: 'The balance of {{room}} is {{balance}}, under {{threshold}}. Please top up.' },
    level2: { subject: 'Very low balance: {{room}}', body: 'The balance of {{room}} is {{balance}}, under {{threshold}}. Top up soon to avoid a cut-off.' },
    arrears: { subject: 'Balance used up: {{room}}', body: 'The balance of {{room}} is {{balance}}. The supply will be cut off; a top-up restores it.' },
    cut: { subject: 'Supply cut off: {{room}}', body: 'The supply of {{room}} was cut off (balance {{balance}}). A top-up restores it.' },
    restore: { subject: 'Supply restored: {{room}}', body: 'The supply of {{room}} was restored (balance {{balance}}).' },
  },
  zh: {
    level1: { subject: '余额不足：{{room}}', body: '{{room}} 的余额为 {{balance}}，低于 {{threshold}}，请及时充值。' },
    level2: { subject: '余额严重不足：{{room}}', body: '{{room}} 的余额为 {{balance}}，低于 {{threshold}}，请尽快充值以免停电。' },
    arrears: { subject: '余额已用尽：{{room}}', body: '{{room}} 的余额为 {{balance}}，将被停止供电，充值后自动恢复。' },
    cut: { subject: '已停止供电：{{room}}', body: '{{room}} 已停止供电（余额 {{balance}}），充值后自动恢复。' },
    restore: { subject: '已恢复供电：{{room}}', body: '{{room}} 已恢复供电（余额 {{balance}}）。' },
  },
  es: {
    level1: { subject: 'Saldo bajo: {{room}}', body: 'El saldo de {{room}} es {{balance}}, por debajo de {{threshold}}. Recargue, por favor.' },
    level2: {
      subject: 'Saldo muy bajo: {{room}}',
      body: 'El saldo de {{room}} es {{balance}}, por debajo de {{threshold}}. Recargue pronto para evitar el corte.',
    },
    arrears: { subject: 'Saldo agotado: {{room}}', body: 'El saldo de {{room}} es {{balance}}. El suministro se cortará; una recarga lo restablece.' },
    cut: { subject: 'Suministro cortado: {{room}}', body: 'El suministro de {{room}} se cortó (saldo {{balance}}). Una recarga lo restablece.' },
    restore: { subject: 'Suministro restablecido: {{room}}', body: 'El suministro de {{room}} se restableció (saldo {{balance}}).' },
  },
};

/** Minor units as text: 1234 → "12.34 CNY", −5 → "-0.05 CNY" (integer arithmetic, no float rounding). */
export function moneyText(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

export function renderNotice(
  language: NoticeLanguage,
  notice: BalanceNotice,
  values: { room: string; balance: string; threshold: string },
): { subject: string; body: string } {
  const template = BALANCE_TEMPLATES[language][notice];
  const fill = (text: string) => text.replace(/\{\{(room|balance|threshold)\}\}/g, (_, key: keyof typeof values) => values[key]);
  return { subject: fill(template.subject), body: fill(template.body) };
}
