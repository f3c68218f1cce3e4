import { z } from 'zod';
import { multilineText, text } from './text';

/**
 * The inquiry screens' contract besides the two resources (shared/resources/announcements.ts,
 * helpArticles.ts): what the login page may read without a token, the active announcements of an
 * audience, the help search, a tree's contact details and the contact form's messages.
 */

export const ANNOUNCEMENT_AUDIENCES = ['login', 'home', 'walls'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** An announcement as its audiences read it: no owner, no audience flags, no dates. */
export interface ActiveAnnouncement {
  id: number;
  title: string;
  body: string;
  /** '' or /api/files/<sha256>.<ext>. */
  picture: string;
}

export const activeAnnouncementsQuerySchema = z.object({ audience: z.enum(['home', 'walls'], { error: 'audience must be home or walls' }) });

export const HELP_LANGUAGES = ['en', 'zh', 'es'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export const helpSearchQuerySchema = z.object({
  language: z.enum(HELP_LANGUAGES, { error: 'language must be en, zh or es' }),
  keyword: text().trim().max(100, 'keyword: at most 100 characters').default(''),
});

/** One article found by the help search, body included (the drawer shows it in place). */
export interface HelpArticleHit {
  id: number;
  category: string;
  title: string;
  body: string;
}

export const CONTACT_MESSAGES_TEXT = {
  tooLong: 'This is too long',
  email: 'Please enter a valid e-mail address',
  required: 'Please fill in this field',
} as const;

const optionalLine = (max: number) => text().trim().max(max, CONTACT_MESSAGES_TEXT.tooLong).default('');

/** A tree's contact details (one record per tree); every field may stay empty. */
export const contactDetailsSchema = z.object({
  company: optionalLine(100),
  phone: optionalLine(50),
  email: text()
    .trim()
    .max(200, CONTACT_MESSAGES_TEXT.tooLong)
    .refine((value) => value === '' || z.email().safeParse(value).success, CONTACT_MESSAGES_TEXT.email)
    .default(''),
  address: multilineText().trim().max(300, CONTACT_MESSAGES_TEXT.tooLong).default(''),
  hours: optionalLine(100),
});
export type ContactDetailsInput = z.input<typeof contactDetailsSchema>;
export type ContactDetails = z.output<typeof contactDetailsSchema>;

/** What the login page may read before anyone signs in: the platform's login announcements and contact details. */
export interface PublicInquiry {
  announcements: ActiveAnnouncement[];
  contact: ContactDetails | null;
}

const requiredLine = (max: number) =>
  text({ error: CONTACT_MESSAGES_TEXT.required }).trim().min(1, CONTACT_MESSAGES_TEXT.required).max(max, CONTACT_MESSAGES_TEXT.tooLong);

/** The contact form: a message to the administrators. */
export const contactMessageInputSchema = z.object({
  name: requiredLine(100),
  email: text({ error: CONTACT_MESSAGES_TEXT.required })
    .trim()
    .min(1, CONTACT_MESSAGES_TEXT.required)
    .max(200, CONTACT_MESSAGES_TEXT.tooLong)
    .pipe(z.email(CONTACT_MESSAGES_TEXT.email)),
  subject: requiredLine(150),
  message: multilineText({ error: CONTACT_MESSAGES_TEXT.required }).trim().min(1, CONTACT_MESSAGES_TEXT.required).max(5000, CONTACT_MESSAGES_TEXT.tooLong),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  handled: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  keyword: text().trim().max(100).optional(),
});

export const contactMessageHandledSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  handled: boolean;
  handledBy: string | null;
  handledAt: number | null;
  createdAt: number;
}

export interface ContactMessagePage {
  total: number;
  rows: ContactMessage[];
}

/** What sending a message did: the message, and how many pushes went to the administrators' channel. */
export interface ContactMessageSent {
  message: ContactMessage;
  pushes: number;
}

/** `announcements:walls`: the active wall announcements of the viewer's tree and the platform's. */
export const WALL_ANNOUNCEMENTS_CHANNEL = 'announcements:walls';
export interface WallAnnouncementsData {
  announcements: ActiveAnnouncement[];
  computedAt: number;
}
