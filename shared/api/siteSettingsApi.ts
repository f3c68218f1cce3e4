import axios, { type AxiosInstance } from 'axios';
import type { Envelope } from '../errors/envelope';
import type { PublicSite, SiteSettingsInput, SiteSettingsView } from '../schemas/siteSettings';
import { envelopeData } from './envelopeData';

/** /settings/superConfig (shared/schemas/siteSettings.ts): read by holders of the screen, saved by administrators. */
export interface SiteSettingsApi {
  get(): Promise<SiteSettingsView>;
  save(input: SiteSettingsInput): Promise<SiteSettingsView>;
}

export function createSiteSettingsApi(http: AxiosInstance): SiteSettingsApi {
  return {
    get: () => envelopeData(http.get('/site-settings')),
    save: (input) => envelopeData(http.put('/site-settings', input)),
  };
}

/**
 * GET /api/site (public), past the console's error hook like the login-page title: the site's name and
 * colours are cosmetic, so a failure means the product defaults (null), never an error toast.
 */
export async function fetchPublicSite(http: AxiosInstance): Promise<PublicSite | null> {
  const { baseURL, timeout, adapter } = http.defaults;
  const quiet = axios.create({ baseURL, timeout, ...(adapter ? { adapter } : {}) });
  try {
    const { data } = await quiet.get<Envelope<PublicSite>>('/site');
    return data?.code === 0 && data.data ? data.data : null;
  } catch {
    return null;
  }
}
