import { makeAutoObservable, runInAction } from 'mobx';
import type { EnergyApi } from '@shared/api/energyApi';
import type { ExportFormat, ExportJob, MeterHistoryQuery } from '@shared/schemas/energy';

export type ExportPhase = 'idle' | 'starting' | 'running' | 'downloading' | 'done' | 'failed';

/** How often the job's state is asked for while it runs. */
export const EXPORT_POLL_MS = 500;

type ExportCalls = Pick<EnergyApi, 'startExport' | 'exportState' | 'exportFile'>;

/**
 * One CSV/XLSX export of a meter's history: start the job, ask for its state every EXPORT_POLL_MS
 * (the next ask only after the previous answer, so slow answers never pile up), fetch the file when it is
 * done and hand it to `save`. `stop()` ends the polling and ignores any answer still on its way: the
 * screen calls it on unmount and when the operator stops waiting. Headless: the dialog only renders it.
 */
export class MeterExportJob {
  phase: ExportPhase = 'idle';
  format: ExportFormat = 'csv';
  job: ExportJob | null = null;
  error: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by start and stop: an answer for an older run is dropped. */
  private run = 0;

  constructor(
    private readonly api: ExportCalls,
    private readonly save: (file: Blob, fileName: string) => void,
    private readonly pollMs = EXPORT_POLL_MS,
  ) {
    makeAutoObservable<MeterExportJob, 'api' | 'save' | 'pollMs' | 'timer' | 'run'>(
      this,
      { api: false, save: false, pollMs: false, timer: false, run: false },
      { autoBind: true },
    );
  }

  get busy(): boolean {
    return this.phase === 'starting' || this.phase === 'running' || this.phase === 'downloading';
  }

  /** 0..100 from the rows written; a finished job is 100 even when it had no rows. */
  get percent(): number {
    if (this.phase === 'done') return 100;
    const job = this.job;
    if (!job || job.totalRows <= 0) return 0;
    return Math.min(100, Math.floor((job.rowsWritten / job.totalRows) * 100));
  }

  async start(query: MeterHistoryQuery, format: ExportFormat): Promise<void> {
    this.stop();
    const run = this.run;
    this.phase = 'starting';
    this.format = format;
    this.job = null;
    this.error = null;
    try {
      const job = await this.api.startExport({ ...query, format });
      if (run !== this.run) return;
      this.advance(job, run);
    } catch {
      // The api hook already showed the server's message as a toast: close quietly instead of repeating it.
      if (run === this.run) runInAction(() => (this.phase = 'idle'));
    }
  }

  /** Stops polling and forgets the job (the server finishes it on its own; nothing is downloaded). */
  stop(): void {
    this.run += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.phase = 'idle';
  }

  private advance(job: ExportJob, run: number): void {
    this.job = job;
    if (job.state === 'failed') {
      this.phase = 'failed';
      this.error = job.error;
    } else if (job.state === 'done') {
      void this.download(job, run);
    } else {
      this.phase = 'running';
      this.timer = setTimeout(() => void this.poll(job.id, run), this.pollMs);
    }
  }

  private async poll(id: string, run: number): Promise<void> {
    try {
      const job = await this.api.exportState(id);
      if (run === this.run) this.advance(job, run);
    } catch (error) {
      if (run === this.run) this.fail(error);
    }
  }

  private async download(job: ExportJob, run: number): Promise<void> {
    this.phase = 'downloading';
    try {
      const file = await this.api.exportFile(job.id);
      if (run !== this.run) return;
      this.save(file, job.fileName);
      runInAction(() => (this.phase = 'done'));
    } catch (error) {
      if (run === this.run) this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.phase = 'failed';
    this.error = error instanceof Error ? error.message : String(error);
  }
}
