import { makeAutoObservable, runInAction } from 'mobx';
import type { ImportMode, ImportResult, ResourceApi } from '@shared/resources';

/** uploading → checking (the server reads every row) → checked; then uploading → writing → done. */
export type ImportPhase = 'pick' | 'uploading' | 'checking' | 'checked' | 'writing' | 'done' | 'failed';

/**
 * One import dialog, headless: the chosen file is checked first (mode preview, nothing written), the
 * person reads the bad rows, then sends it again to keep the good rows or to write all or nothing.
 */
export class ImportController {
  phase: ImportPhase = 'pick';
  /** Share of the file sent, 0..100. */
  uploaded = 0;
  fileName = '';
  checked: ImportResult | undefined = undefined;
  final: ImportResult | undefined = undefined;
  private file: Blob | undefined = undefined;

  constructor(private readonly api: Pick<ResourceApi, 'importFile'>) {
    makeAutoObservable<ImportController, 'api' | 'file'>(this, { api: false, file: false }, { autoBind: true });
  }

  get busy(): boolean {
    return this.phase === 'uploading' || this.phase === 'checking' || this.phase === 'writing';
  }

  /** Checks a file: nothing is written yet. */
  async choose(file: Blob, fileName: string): Promise<void> {
    this.file = file;
    this.fileName = fileName;
    this.checked = undefined;
    this.final = undefined;
    const result = await this.send('preview', 'checking');
    runInAction(() => {
      this.checked = result;
      this.phase = result ? 'checked' : 'failed';
    });
  }

  /** Sends the checked file again to be written: the good rows, or every row or none. */
  async write(mode: Exclude<ImportMode, 'preview'>): Promise<ImportResult | undefined> {
    const result = await this.send(mode, 'writing');
    runInAction(() => {
      this.final = result;
      this.phase = result ? 'done' : 'failed';
    });
    return result;
  }

  reset(): void {
    this.phase = 'pick';
    this.file = undefined;
    this.fileName = '';
    this.checked = undefined;
    this.final = undefined;
    this.uploaded = 0;
  }

  private async send(mode: ImportMode, after: 'checking' | 'writing'): Promise<ImportResult | undefined> {
    if (!this.file) return undefined;
    this.phase = 'uploading';
    this.uploaded = 0;
    try {
      return await this.api.importFile(this.file, this.fileName, mode, (share) =>
        runInAction(() => {
          this.uploaded = Math.round(share * 100);
          if (share >= 1) this.phase = after;
        }),
      );
    } catch {
      // The api hook showed the server's message (a file that is not a spreadsheet, no header line…).
      return undefined;
    }
  }
}
