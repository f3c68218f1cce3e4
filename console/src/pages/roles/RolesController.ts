import { makeAutoObservable, runInAction } from 'mobx';
import type { RolesApi } from '@shared/api/rolesApi';
import type { RoleInput, RoleRow } from '@shared/schemas/roles';
import { PagedQuery } from '../../lists/PagedQuery';

export interface RoleFilters {
  type?: number;
  /** Member user ids: roles holding any of them. */
  users?: number[];
}

/** /settings/roles: the paged, filtered list, its selection and the changes that reload it. */
export class RolesController {
  readonly list: PagedQuery<RoleFilters, RoleRow>;
  saving = false;

  constructor(private readonly api: RolesApi) {
    this.list = new PagedQuery(
      (query) => api.list(query),
      {},
      (role) => role._id,
    );
    makeAutoObservable<RolesController, 'api'>(this, { api: false, list: false }, { autoBind: true });
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** Creates (id null) or updates; rejects with the server's error so the dialog can place it. */
  async save(id: number | null, input: RoleInput): Promise<RoleRow> {
    this.saving = true;
    try {
      const role = id === null ? await this.api.create(input) : await this.api.update(id, input);
      await this.load();
      return role;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  remove(id: number): Promise<boolean> {
    return this.list.change(() => this.api.remove(id));
  }

  /** Deletes the ticked roles; the reload drops them from the selection. */
  removeSelected(): Promise<boolean> {
    return this.list.change(() => this.api.removeMany([...this.list.selected]));
  }
}
