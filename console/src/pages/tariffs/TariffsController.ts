import { makeAutoObservable, runInAction } from 'mobx';
import type { TariffsApi } from '@shared/api/tariffsApi';
import type { Tariff, TariffBody, TariffVersion } from '@shared/schemas/tariffs';

/**
 * The tariffs of the caller's tree (GET /api/tariffs answers them all, each with its version summaries and
 * assignment count) and the versions of the one opened in the drawer, fetched whole for their warnings and
 * for editing. Failures were already toasted by the api hook: loads keep what they had and set `failed`.
 */
export class TariffsController {
  rows: Tariff[] = [];
  loading = false;
  failed = false;
  busy = false;
  /** The tariff whose versions the drawer shows. */
  openId: number | null = null;
  /** Its versions with definition and warnings, by id. */
  versions = new Map<number, TariffVersion>();
  versionsLoading = false;
  private loadSeq = 0;

  constructor(readonly api: TariffsApi) {
    makeAutoObservable<TariffsController, 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  get open(): Tariff | undefined {
    return this.rows.find((tariff) => tariff.id === this.openId);
  }

  /** A late answer to an older load (the page's first, racing the reload after a save) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const rows = await this.api.list();
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.rows = rows;
        this.failed = false;
      });
    } catch {
      if (seq === this.loadSeq) runInAction(() => (this.failed = true));
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Creates (no id) or updates a tariff, then reloads; a refusal is thrown to the form. */
  async save(id: number | undefined, body: TariffBody): Promise<Tariff> {
    this.busy = true;
    try {
      const tariff = id === undefined ? await this.api.create(body) : await this.api.update(id, body);
      await this.load();
      return tariff;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async remove(id: number): Promise<boolean> {
    this.busy = true;
    try {
      await this.api.remove(id);
      if (this.openId === id) this.close();
      await this.load();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Opens the drawer on a tariff and fetches its versions whole. */
  async openVersions(id: number): Promise<void> {
    this.openId = id;
    this.versions = new Map();
    await this.loadVersions();
  }

  close(): void {
    this.openId = null;
    this.versions = new Map();
  }

  async loadVersions(): Promise<void> {
    const tariff = this.open;
    if (!tariff) return;
    this.versionsLoading = true;
    const fetched = await Promise.all(tariff.versions.map((summary) => this.api.version(summary.id).catch(() => null)));
    runInAction(() => {
      this.versions = new Map(fetched.filter((version): version is TariffVersion => version !== null).map((version) => [version.id, version]));
      this.versionsLoading = false;
    });
  }

  /** After a version was saved or deleted: the list (version summaries, current version) and the drawer's versions. */
  async refreshOpen(): Promise<void> {
    await this.load();
    await this.loadVersions();
  }

  async removeVersion(id: number): Promise<boolean> {
    this.busy = true;
    try {
      await this.api.removeVersion(id);
      await this.refreshOpen();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
