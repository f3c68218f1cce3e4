import { makeAutoObservable, runInAction } from 'mobx';
import type { LoginPagesApi } from '@shared/api/loginPagesApi';
import type { LoginPageInput, LoginPageRow } from '@shared/schemas/loginPages';
import { PagedQuery } from '../../lists/PagedQuery';

/** /settings/loginPageSet: the paged entries and the changes that reload them. */
export class LoginPagesController {
  readonly list: PagedQuery<object, LoginPageRow>;
  saving = false;

  constructor(private readonly api: LoginPagesApi) {
    this.list = new PagedQuery(
      (query) => api.list(query),
      {},
      (row) => row._id,
    );
    makeAutoObservable<LoginPagesController, 'api'>(this, { api: false, list: false }, { autoBind: true });
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** Creates (id null) or updates; rejects with the server's error so the dialog can place it. */
  async save(id: number | null, input: LoginPageInput): Promise<LoginPageRow> {
    this.saving = true;
    try {
      const row = id === null ? await this.api.create(input) : await this.api.update(id, input);
      await this.load();
      return row;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  remove(id: number): Promise<boolean> {
    return this.list.change(() => this.api.remove(id));
  }
}
