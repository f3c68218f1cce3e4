import axios, { type AxiosInstance } from 'axios';
import type { Envelope } from '@shared/errors/envelope';
import { envelopeData } from '@shared/api/envelopeData';
import type {
  ActiveAnnouncement,
  ContactDetails,
  ContactDetailsInput,
  ContactMessage,
  ContactMessageInput,
  ContactMessagePage,
  ContactMessageSent,
  HelpArticleHit,
  HelpLanguage,
  PublicInquiry,
} from '@shared/schemas/inquiry';

/** The inquiry API besides the two resources (server/inquiry/routes.ts). */
export interface InquiryApi {
  homeAnnouncements(): Promise<ActiveAnnouncement[]>;
  searchHelp(language: HelpLanguage, keyword: string): Promise<HelpArticleHit[]>;
  /** The caller's tree's contact details, else the platform's (help centre). */
  currentContact(): Promise<ContactDetails | null>;
  /** The screen's own record (null until saved). */
  ownContact(): Promise<ContactDetails | null>;
  saveContact(input: ContactDetailsInput): Promise<ContactDetails>;
  sendMessage(input: ContactMessageInput): Promise<ContactMessageSent>;
  messages(query: { page: number; size: number; handled?: string; keyword?: string }): Promise<ContactMessagePage>;
  setHandled(id: number, handled: boolean): Promise<ContactMessage>;
}

export function createInquiryApi(http: AxiosInstance): InquiryApi {
  return {
    homeAnnouncements: async () => {
      const found = await envelopeData<ActiveAnnouncement[]>(http.get('/announcements/active', { params: { audience: 'home' } }));
      return Array.isArray(found) ? found : [];
    },
    searchHelp: async (language, keyword) => (await envelopeData<HelpArticleHit[]>(http.get('/help/search', { params: { language, keyword } }))) ?? [],
    currentContact: () => envelopeData(http.get('/contact-details/current')),
    ownContact: () => envelopeData(http.get('/contact-details')),
    saveContact: (input) => envelopeData(http.put('/contact-details', input)),
    sendMessage: (input) => envelopeData(http.post('/contact-messages', input)),
    messages: (query) => envelopeData(http.get('/contact-messages', { params: query })),
    setHandled: (id, handled) => envelopeData(http.put(`/contact-messages/${id}/handled`, { handled })),
  };
}

/**
 * GET /api/inquiry/public: the login page's announcements and the platform's contact details. Cosmetic,
 * like the login page's title: it goes past the console's error hook, and a failure shows nothing.
 */
export async function fetchPublicInquiry(http: AxiosInstance): Promise<PublicInquiry> {
  const { baseURL, timeout, adapter } = http.defaults;
  const quiet = axios.create({ baseURL, timeout, ...(adapter ? { adapter } : {}) });
  try {
    const { data } = await quiet.get<Envelope<PublicInquiry>>('/inquiry/public');
    const answer = data?.code === 0 ? data.data : null;
    return {
      announcements: Array.isArray(answer?.announcements) ? answer.announcements : [],
      contact: answer?.contact && typeof answer.contact === 'object' ? answer.contact : null,
    };
  } catch {
    return { announcements: [], contact: null };
  }
}
