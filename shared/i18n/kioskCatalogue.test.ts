import { describe, expect, it } from 'vitest';
import { createKioskI18n } from './kioskCatalogue';
import { LANGUAGES } from './language';

describe('the kiosk catalogue', () => {
  // Every widget's name is checked beside the widgets (boards/widgets/kioskWidgetNames.test.ts): shared imports no boards.
  it.each(LANGUAGES)('has the wall texts in %s', async (language) => {
    const i18n = await createKioskI18n(language);
    for (const key of ['app.kioskTitle', 'kiosk.notFound', 'alarms.kind.offline', 'alarms.severity.critical', 'errors.display_revoked'])
      expect(i18n.exists(key), key).toBe(true);
  });

  it('speaks the wall language only', async () => {
    const i18n = await createKioskI18n('zh');
    expect(i18n.t('alarms.kind.offline')).toBe('离线');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });
});
