import { describe, expect, it } from 'vitest';
import { sampleAlarm } from './builtinTemplates';
import { formatLocalTime, placeholderValues, renderMessage, unknownPlaceholders } from './templateRender';
import { monthStart } from './smsAllowance';

const alarm = { ...sampleAlarm(Date.parse('2026-07-01T06:30:09Z')), subject: { type: 'meter' as const, id: 3, code: null, name: 'Boiler 1' }, value: null };

describe('template rendering', () => {
  it('finds unknown placeholders once each, spaces inside braces allowed', () => {
    expect(unknownPlaceholders('{{ kind }} {{Kind}} {{x}} {{x}} {{}} {raisedAt} {{recipient}}')).toEqual(['Kind', 'x', '']);
  });

  it('fills every placeholder as plain text, nulls as empty', () => {
    const values = placeholderValues(alarm, 'Li Wei', 'Asia/Shanghai');
    expect(values).toEqual({
      kind: 'device',
      severity: 'high',
      subject: 'Boiler 1',
      subjectCode: '',
      metric: 'kw',
      value: '',
      limit: '500',
      message: 'kw 512.3 over 500 for 60 s',
      raisedAt: '2026-07-01 14:30:09',
      alarmId: '1024',
      recipient: 'Li Wei',
    });
    const mail = renderMessage('email', { subject: '{{kind}}\n{{ subject }}', body: '<p>{{recipient}}</p>{{value}}|{{subjectCode}}|' }, values);
    expect(mail).toEqual({ subject: 'device Boiler 1', body: '<p>Li Wei</p>||' });
    expect(renderMessage('wechat', { subject: '{{kind}}', body: '{{severity}}' }, values)).toEqual({ subject: '', body: 'high' });
  });

  it('formats raisedAt in the server time zone, daylight saving included', () => {
    expect(formatLocalTime(Date.parse('2026-07-01T06:30:09Z'), 'Europe/Berlin')).toBe('2026-07-01 08:30:09');
    expect(formatLocalTime(Date.parse('2026-01-01T06:30:09Z'), 'Europe/Berlin')).toBe('2026-01-01 07:30:09');
    expect(formatLocalTime(Date.parse('2026-12-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2027-01-01 00:00:00');
  });

  it('cuts SMS bodies above 500 characters with an ellipsis, other channels not', () => {
    const values = placeholderValues({ ...alarm, message: 'x'.repeat(600) }, 'Li', 'UTC');
    const sms = renderMessage('sms', { subject: '', body: '{{message}}' }, values).body;
    expect(sms).toHaveLength(500);
    expect(sms.endsWith('x…')).toBe(true);
    expect(renderMessage('sms', { subject: '', body: 'y'.repeat(500) }, values).body).toBe('y'.repeat(500));
    expect(renderMessage('email', { subject: '', body: '{{message}}' }, values).body).toHaveLength(600);
  });

  it('counts the SMS allowance from the local month start', () => {
    expect(monthStart(Date.parse('2026-11-22T09:15:00+08:00'), 'Asia/Shanghai')).toBe(Date.parse('2026-11-01T00:00:00+08:00'));
    expect(monthStart(Date.parse('2026-10-31T23:30:00Z'), 'Asia/Shanghai')).toBe(Date.parse('2026-11-01T00:00:00+08:00'));
    expect(monthStart(Date.parse('2026-04-15T12:00:00Z'), 'Europe/Berlin')).toBe(Date.parse('2026-04-01T00:00:00+02:00'));
  });
});
