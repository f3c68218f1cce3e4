import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n';
import { catalogueErrorText } from './catalogueErrorText';

describe('catalogue error text', () => {
  it('reads like the server toast: the catalogue message', () => {
    expect(catalogueErrorText(createI18n('en').t, 'TIME_OUT_OF_RANGE')).toBe('Time out of range!');
    expect(catalogueErrorText(createI18n('en').t, 'NO_HISTORY')).toBe('No history was queried for this device!');
  });

  it('takes a translation under errors.<catalogue key> when a catalogue has one', () => {
    const i18n = createI18n('zh');
    i18n.addResource('zh', 'translation', 'errors.time_out_of_range', '时间超出范围！');
    expect(catalogueErrorText(i18n.t, 'TIME_OUT_OF_RANGE')).toBe('时间超出范围！');
  });
});
