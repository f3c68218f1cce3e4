import { makeAutoObservable, runInAction } from 'mobx';
import type { SiteSettingsApi } from '@shared/api/siteSettingsApi';
import type { SiteSettingsInput, SiteSettingsView } from '@shared/schemas/siteSettings';

/** /settings/superConfig: the stored settings and their save. */
export class SiteSettingsController {
  settings: SiteSettingsView | null = null;
  loading = false;
  saving = false;

  constructor(private readonly api: SiteSettingsApi) {
    makeAutoObservable<SiteSettingsController, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const settings = await this.api.get();
      runInAction(() => (this.settings = settings));
    } catch {
      // The api toast said why; the form stays as it was.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Saves; rejects with the server's error so the form can place it under its field. */
  async save(input: SiteSettingsInput): Promise<SiteSettingsView> {
    this.saving = true;
    try {
      const saved = await this.api.save(input);
      runInAction(() => (this.settings = saved));
      return saved;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
