import { z } from 'zod';
import { MENU_GROUPS } from '../menu/menuTree';
import type { Language } from '../i18n/language';
import { STORED_FILE_PATH_PREFIX } from './files';
import { text } from './text';

/**
 * System-wide settings (/settings/superConfig): what the site calls itself, how it looks by default, which
 * menu groups it uses, how long raw readings and sessions last. One row for the whole server; administrators
 * change it, holders of the screen read it. GET /api/site is the public part every page loads first.
 */
export const SITE_SETTINGS_SCREEN = '/settings/superConfig';

/** A menu group is a top-level menu path (its first segment): '/inquiry', '/msg'. */
export const SITE_MENU_GROUPS = MENU_GROUPS.map((group) => group.path);
/** Never hidden: the settings group holds this very screen (hiding it would lock the site out of un-hiding), and every login lands on the dashboard. */
export const ALWAYS_SHOWN_GROUPS: readonly string[] = ['/settings', '/dashboard'];

/** Bounds of the number fields, shown in the form as well. */
export const RETENTION_DAYS = { min: 7, max: 36500 } as const;
export const SESSION_MINUTES = { min: 5, max: 43200 } as const;
export const SITE_NAME_MAX = 60;
/** The catalogues' languages (spelled out: the server does not load the browser-side language module). */
export const SITE_LANGUAGES = ['en', 'zh', 'es'] as const satisfies readonly Language[];

/** Catalogue keys (shared/i18n/locales/siteSettings): the console shows them translated, the server in English. */
export const SITE_SETTINGS_MESSAGES = {
  nameLength: 'siteSettings.err.nameLength',
  picture: 'siteSettings.err.picture',
  /** The server's check: the address names no picture in the upload store. */
  pictureMissing: 'siteSettings.err.pictureMissing',
  colour: 'siteSettings.err.colour',
  retention: 'siteSettings.err.retention',
  session: 'siteSettings.err.session',
  unknownGroup: 'siteSettings.err.unknownGroup',
  alwaysShown: 'siteSettings.err.alwaysShown',
  duplicateGroup: 'siteSettings.err.duplicateGroup',
} as const;
const m = SITE_SETTINGS_MESSAGES;

/** A picture from the upload store (/api/files/<sha256>.<ext>), or '' for none. */
const PICTURE_URL = new RegExp(`^(|${STORED_FILE_PATH_PREFIX.replaceAll('/', '\\/')}[0-9a-f]{64}\\.(png|jpg|webp|gif))$`);
const pictureUrl = z.string({ error: m.picture }).trim().regex(PICTURE_URL, m.picture);

/** The stored picture a settings address names, or null for ''. */
export function storedPictureOf(url: string): { sha256: string; ext: string } | null {
  const match = /([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(url);
  return match?.[1] && match[2] ? { sha256: match[1], ext: match[2] } : null;
}

export const siteSettingsInputSchema = z.object({
  /** '' = the product's own name, in the reader's language. */
  name: text({ error: m.nameLength }).trim().max(SITE_NAME_MAX, m.nameLength).default(''),
  logoUrl: pictureUrl.default(''),
  faviconUrl: pictureUrl.default(''),
  /** Used when a browser has no language cookie; null = the browser's own language (spec §1). */
  defaultLanguage: z.enum(SITE_LANGUAGES).nullable().default(null),
  /** The console's antd primary colour unless a user picked another in the settings drawer; null = the product's #409EFF. */
  themeColor: z
    .string({ error: m.colour })
    .regex(/^#[0-9a-fA-F]{6}$/, m.colour)
    .transform((value) => value.toUpperCase())
    .nullable()
    .default(null),
  /** Raw readings older than this are deleted once a day (rollups and 15-minute energy are kept); null = keep them all. */
  readingRetentionDays: z
    .number({ error: m.retention })
    .int(m.retention)
    .min(RETENTION_DAYS.min, m.retention)
    .max(RETENTION_DAYS.max, m.retention)
    .nullable()
    .default(null),
  /** Life of a new session token; null = the server's TOKEN_TTL_SECONDS. */
  sessionMinutes: z
    .number({ error: m.session })
    .int(m.session)
    .min(SESSION_MINUTES.min, m.session)
    .max(SESSION_MINUTES.max, m.session)
    .nullable()
    .default(null),
  /** Menu groups the site does not use: gone from every menu, their screens and API routes answer 404; no data is deleted. */
  hiddenGroups: z
    .array(
      z
        .string({ error: m.unknownGroup })
        .refine((group) => SITE_MENU_GROUPS.includes(group), m.unknownGroup)
        .refine((group) => !ALWAYS_SHOWN_GROUPS.includes(group), m.alwaysShown),
    )
    .max(SITE_MENU_GROUPS.length)
    .refine((groups) => new Set(groups).size === groups.length, m.duplicateGroup)
    .default([]),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
export type SiteSettingsValues = z.output<typeof siteSettingsInputSchema>;

/** GET/PUT /api/site-settings: the values plus who changed them last. */
export interface SiteSettings extends SiteSettingsValues {
  updatedAt: number | null;
  updatedBy: string | null;
}

/** What GET/PUT /api/site-settings answer: the settings and the server's own session length (TOKEN_TTL_SECONDS) that an empty one means. */
export interface SiteSettingsView extends SiteSettings {
  serverSessionMinutes: number;
}

/** GET /api/site (public): what every page needs before anyone signs in. Nothing secret. */
export interface PublicSite {
  /** '' = the product's own name. */
  name: string;
  logoUrl: string;
  faviconUrl: string;
  defaultLanguage: SiteSettingsValues['defaultLanguage'];
  themeColor: string | null;
  hiddenGroups: string[];
}

export const publicSiteOf = (settings: SiteSettingsValues): PublicSite => ({
  name: settings.name,
  logoUrl: settings.logoUrl,
  faviconUrl: settings.faviconUrl,
  defaultLanguage: settings.defaultLanguage,
  themeColor: settings.themeColor,
  hiddenGroups: [...settings.hiddenGroups],
});

export const DEFAULT_SITE_SETTINGS: SiteSettingsValues = siteSettingsInputSchema.parse({});

/** The menu group of a menu path or permission key: its first segment ('/inquiry/adpost/add' → '/inquiry'). */
export function menuGroupOf(path: string): string | null {
  const match = /^\/[^/]+/.exec(path);
  return match ? match[0] : null;
}
