import { makeAutoObservable, runInAction } from 'mobx';
import type { RolesApi } from '@shared/api/rolesApi';
import type { RoleInput, RoleRow } from '@shared/schemas/roles';
import { changeThenReload } from '../../paging/changeThenReload';
import { PagedQuery } from '../../paging/PagedQuery';

export interface RoleFilters {
  type?: number;
  /** Member user ids: roles holding any of them. */
  users?: number[];
}

/** /settings/roles: the paged, filtered list, its selection and the changes that reload it. */
export class RolesController {
  readonly list: PagedQuery<RoleFilters, RoleRow>;
  selected: number[] = [];
  busy = false;
  saving = false;

  constructor(private readonly api: RolesApi) {
    this.list = new PagedQuery((query) => api.list(query), {});
    makeAutoObservable<RolesController, 'api'>(this, { api: false, list: false }, { autoBind: true });
  }

  load(): Promise<void> {
    return this.list.load();
  }

  select(ids: number[]): void {
    this.selected = ids;
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
    return changeThenReload(this, async () => {
      await this.api.remove(id);
      runInAction(() => (this.selected = this.selected.filter((selected) => selected !== id)));
    });
  }

  removeSelected(): Promise<boolean> {
    const ids = [...this.selected];
    return changeThenReload(this, async () => {
      await this.api.removeMany(ids);
      runInAction(() => (this.selected = []));
    });
  }
}
