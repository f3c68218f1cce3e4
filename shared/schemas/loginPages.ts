import { z } from 'zod';
import { multilineText, text } from './text';

/**
 * Login-page settings (/settings/loginPageSet, spec §3 "edition, notes, state, domain name, template
 * name"). The login page asks GET /api/login-pages/current (public) and shows the active entry whose
 * domain name equals the host it is served on, else the active entry with an empty domain name.
 */
export const LOGIN_PAGE_TEMPLATES = ['classic', 'control-room', 'minimal'] as const;
export type LoginPageTemplate = (typeof LOGIN_PAGE_TEMPLATES)[number];

export const LOGIN_PAGE_MESSAGES = {
  editionRequired: 'loginPages.ph_edition',
  domainFormat: 'loginPages.domain_err',
  /** Only one active entry per domain name. */
  domainActive: 'loginPages.domain_active_err',
} as const;

const m = LOGIN_PAGE_MESSAGES;

/** A host name without scheme or port, lower case; '' = any host. */
const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, m.domainFormat)
  .regex(/^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, m.domainFormat);

export const loginPageInputSchema = z.object({
  /** The product edition shown as the login page's title (e.g. "Energy Management Platform — Plant 2"). */
  edition: text({ error: m.editionRequired }).trim().min(1, m.editionRequired).max(100, m.editionRequired),
  notes: multilineText().trim().max(500).default(''),
  /** true = active. */
  state: z.boolean().default(false),
  domainName: domainName.default(''),
  templateName: z.enum(LOGIN_PAGE_TEMPLATES).default('classic'),
});
export type LoginPageInput = z.input<typeof loginPageInputSchema>;

export const loginPageRowSchema = z.object({
  _id: z.number(),
  edition: z.string(),
  notes: z.string(),
  state: z.boolean(),
  domainName: z.string(),
  templateName: z.enum(LOGIN_PAGE_TEMPLATES),
  updatedAt: z.number(),
});
export type LoginPageRow = z.infer<typeof loginPageRowSchema>;

export const loginPageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export const loginPageListSchema = z.object({ total: z.number(), rows: z.array(loginPageRowSchema) });
export type LoginPageList = z.infer<typeof loginPageListSchema>;

/** GET /api/login-pages/current: what the login page shows on this host (null: the product defaults). */
export const currentLoginPageSchema = z.object({ edition: z.string(), templateName: z.enum(LOGIN_PAGE_TEMPLATES) }).nullable();
export type CurrentLoginPage = z.infer<typeof currentLoginPageSchema>;

export const loginPageBatchDeleteSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
