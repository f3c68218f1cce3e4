import type { FastifyPluginAsync } from 'fastify';
import { ok, type FieldIssue } from '@shared/errors';
import {
  publicSiteOf,
  siteSettingsInputSchema,
  SITE_SETTINGS_MESSAGES,
  SITE_SETTINGS_SCREEN,
  storedPictureOf,
  type PublicSite,
  type SiteSettings,
  type SiteSettingsView,
} from '@shared/schemas/siteSettings';
import { requireAuth } from '../http/access';
import { AppError } from '../http/appError';
import { toFieldIssues } from '../http/zodIssues';
import { englishMessage } from './englishMessages';

/**
 * /api/site (public: name, pictures, default language and colour, hidden groups — what every page needs
 * before a login) and /api/site-settings (/settings/superConfig: holders of the screen read, only
 * administrators write, as for every setting shared by all user trees).
 */
export const siteSettingsRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.siteSettings;
  const view = (values: SiteSettings): SiteSettingsView => ({ ...values, serverSessionMinutes: Math.round(app.serverConfig.tokenTtlSeconds / 60) });

  app.get('/site', { config: { access: 'public' } }, async () => ok<PublicSite>(publicSiteOf(await settings.fresh())));

  app.get('/site-settings', { config: { access: { permission: SITE_SETTINGS_SCREEN }, tenancy: 'platform' } }, async () => ok(view(await settings.reload())));

  app.put('/site-settings', { config: { access: { permission: SITE_SETTINGS_SCREEN }, tenancy: 'platform' } }, async (request) => {
    const parsed = siteSettingsInputSchema.safeParse(request.body);
    if (!parsed.success) throw settingsError(toFieldIssues(parsed.error.issues));
    const values = parsed.data;
    const missing: FieldIssue[] = [];
    for (const field of ['logoUrl', 'faviconUrl'] as const) {
      const name = storedPictureOf(values[field]);
      if (!name) continue;
      const stored = await app.storage.db.selectFrom('files').select('id').where('sha256', '=', name.sha256).where('ext', '=', name.ext).executeTakeFirst();
      if (!stored) missing.push({ field, rule: 'exists', message: SITE_SETTINGS_MESSAGES.pictureMissing });
    }
    if (missing.length) throw settingsError(missing);
    return ok(view(await settings.save(values, requireAuth(request).user.username)), 'Saved');
  });
};

/**
 * 40000 with the first problem in English in `message` (server messages are English), and every issue
 * under `data.issues` with its catalogue key, which the console shows in the reader's language.
 */
function settingsError(issues: FieldIssue[]): AppError {
  const first = issues[0];
  return new AppError('VALIDATION_FAILED', { message: first ? `${first.field}: ${englishMessage(first.message)}` : undefined, data: { issues } });
}
