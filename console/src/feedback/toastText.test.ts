import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n';
import { toastText } from './toastText';

describe('toastText', () => {
  it('translates a catalogue message and keeps a specific one', () => {
    const i18n = createI18n('zh');
    const t = i18n.t.bind(i18n);
    expect(toastText(t, 20003, 'Time out of range!')).toBe('时间超出范围！');
    expect(toastText(t, 40000, 'body.energy: Please enter the corrected energy')).toBe('body.energy: Please enter the corrected energy');
    expect(toastText(t, 12345, 'Something else')).toBe('Something else');
  });

  it('translates a message that is a catalogue key (the user, role and menu rules)', () => {
    const i18n = createI18n('zh');
    const t = i18n.t.bind(i18n);
    expect(toastText(t, 40000, 'users.ph_errpwd')).toBe(i18n.t('users.ph_errpwd'));
    expect(toastText(t, 40000, 'users.ph_errpwd')).not.toBe('users.ph_errpwd');
    // A dotted text that is not a key stays as sent.
    expect(toastText(t, 40000, 'no.such_key')).toBe('no.such_key');
  });
});
