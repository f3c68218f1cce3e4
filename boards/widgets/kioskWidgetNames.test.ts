import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@shared/i18n/kioskCatalogue';
import { LANGUAGES } from '@shared/i18n/language';
import { widgetRegistry } from './index';

describe('the kiosk catalogue', () => {
  it.each(LANGUAGES)('names every widget in %s', async (language) => {
    const i18n = await createKioskI18n(language);
    for (const descriptor of widgetRegistry.list()) expect(i18n.exists(descriptor.nameKey), `${descriptor.id} → ${descriptor.nameKey}`).toBe(true);
  });
});
