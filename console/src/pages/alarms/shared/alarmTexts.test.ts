import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { alarmRecord } from '../records/alarmRecord.test-util';
import { humanDuration, recordMessage, skipReasonText } from './alarmTexts';

describe('alarm texts', () => {
  const en = createI18n('en').t;
  const zh = createI18n('zh').t;

  it('says a span with its two largest units', () => {
    expect(humanDuration(en, 400)).toBe('under 1 s');
    expect(humanDuration(en, 42_000)).toBe('42 s');
    expect(humanDuration(en, 4 * 60_000 + 10_000)).toBe('4 min 10 s');
    expect(humanDuration(en, 2 * 3_600_000 + 5_000)).toBe('2 h');
    expect(humanDuration(en, 2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 d 3 h');
    expect(humanDuration(zh, 3_600_000 + 30 * 60_000)).toBe('1 小时 30 分钟');
  });

  it('translates the server’s skip reasons and keeps an unknown one as sent', () => {
    expect(skipReasonText(en, 'already processed')).toBe('already processed');
    expect(skipReasonText(zh, 'cleared by the system')).toBe('已被系统消除');
    expect(skipReasonText(createI18n('es').t, 'changed by someone else meanwhile')).toBe('otra persona la cambió mientras tanto');
    expect(skipReasonText(zh, 'locked by maintenance')).toBe('locked by maintenance');
  });

  it('words a threshold alarm from its figures and keeps the server message of the others', () => {
    expect(recordMessage(en, alarmRecord(1))).toBe('Active power 612.5 kW, above the limit of 500 kW');
    expect(recordMessage(zh, alarmRecord(1, { metric: 'v', value: 195.25, limit: 200 }))).toBe('电压 195.25 V，低于下限 200 V');
    expect(recordMessage(en, alarmRecord(1, { kind: 'offline', metric: null, value: null, limit: null, message: 'no data for 2 intervals' }))).toBe(
      'no data for 2 intervals',
    );
  });
});
