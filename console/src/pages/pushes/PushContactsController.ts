import type { TFunction } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi } from '@shared/api/pushesApi';
import { pushContactsSchema, type PushContacts, type PushContactsInput } from '@shared/schemas/pushes';
import { schemaErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';

export type ContactsSaveResult = { ok: true; contacts: PushContacts } | { ok: false; errors: FieldErrors };

/** /message/personInfo: the users of the tree with their push e-mails, phones and SMS allowance. */
export class PushContactsController {
  contacts: PushContacts[] = [];
  keyword = '';
  loading = false;
  saving = false;

  constructor(
    private readonly api: Pick<PushesApi, 'contacts' | 'saveContacts'>,
    private readonly t: TFunction,
  ) {
    makeAutoObservable<PushContactsController, 'api' | 't'>(this, { api: false, t: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const contacts = await this.api.contacts();
      runInAction(() => (this.contacts = contacts));
    } catch {
      // The toast said why; the list keeps what it had.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  /** Users whose name, account, e-mail or phone contains the keyword. */
  get visible(): PushContacts[] {
    const needle = this.keyword.trim().toLowerCase();
    if (!needle) return this.contacts;
    return this.contacts.filter((row) =>
      [row.username, row.trueName, ...row.pushEmails, ...row.pushPhones].some((text) => text.toLowerCase().includes(needle)),
    );
  }

  async save(userId: number, body: PushContactsInput): Promise<ContactsSaveResult> {
    const errors = schemaErrors(this.t, pushContactsSchema, body);
    if (Object.keys(errors).length) return { ok: false, errors };
    this.saving = true;
    try {
      const contacts = await this.api.saveContacts(userId, body);
      runInAction(() => (this.contacts = this.contacts.map((row) => (row.userId === userId ? contacts : row))));
      return { ok: true, contacts };
    } catch (error) {
      return { ok: false, errors: serverFieldErrors(this.t, error) };
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
