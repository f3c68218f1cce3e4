import { siteSettingsEn } from '@shared/i18n/locales/siteSettings/en';

/** A contract message key ('siteSettings.err.colour') in English; anything else (zod's own words) as it is. */
export function englishMessage(message: string): string {
  const match = /^siteSettings\.err\.(\w+)$/.exec(message);
  const key = match?.[1] as keyof typeof siteSettingsEn.err | undefined;
  return key && key in siteSettingsEn.err ? siteSettingsEn.err[key] : message;
}
