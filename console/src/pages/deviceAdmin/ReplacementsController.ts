import { makeAutoObservable, runInAction } from 'mobx';
import type { EnergyApi } from '@shared/api/energyApi';
import type { MeterReplacement, MeterReplacementInput } from '@shared/schemas/energy';

/** One meter's replacement record: the list, and recording one more. Headless; the drawer renders it. */
export class ReplacementsController {
  rows: MeterReplacement[] = [];
  loading = false;
  saving = false;
  private loadSeq = 0;

  constructor(
    private readonly api: Pick<EnergyApi, 'replacements' | 'replaceMeter'>,
    readonly meterId: number,
  ) {
    makeAutoObservable<ReplacementsController, 'api' | 'loadSeq'>(this, { api: false, meterId: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the drawer's first, racing the reload after recording) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const rows = await this.api.replacements(this.meterId);
      // Newest first: the latest swap is the one an operator checks.
      if (seq === this.loadSeq) runInAction(() => (this.rows = [...rows].sort((a, b) => b.replacedAt - a.replacedAt)));
    } catch {
      // The api hook showed the server's message.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Records a replacement and reloads the list; resolves with what the server stored, or null on refusal. */
  async record(body: MeterReplacementInput): Promise<MeterReplacement | null> {
    if (this.saving) return null;
    this.saving = true;
    try {
      const saved = await this.api.replaceMeter(this.meterId, body);
      await this.load();
      return saved;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
