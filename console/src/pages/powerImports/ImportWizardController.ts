import { makeAutoObservable, runInAction } from 'mobx';
import type { ImportBatchView, InspectedSheet, UploadInspection } from '@shared/powerImports/api';
import type { ImportKind } from '@shared/powerImports/constants';
import { serverIssues } from '../../forms/fieldErrors';
import type { ImportPreview, ImportsApi } from './importsApi';
import { fieldOfIssue, mappingProblems, proposeDraft, toMapping, type MappingDraft, type MappingField, type MappingProblem } from './mappingDraft';

export type WizardStep = 'upload' | 'mapping' | 'preview' | 'importing' | 'done';
export const WIZARD_STEPS: readonly WizardStep[] = ['upload', 'mapping', 'preview', 'importing', 'done'];

/** How often a running import is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;

/**
 * One import, headless: the file is uploaded and inspected, the person maps its columns (checked here as they
 * choose, and by the server on preview), reads the preview with its rejected rows, starts the import and
 * watches its progress until the batch is done or failed.
 */
export class ImportWizardController {
  step: WizardStep = 'upload';
  /** Share of the file sent, 0..100, while uploading. */
  uploaded = 0;
  uploading = false;
  inspection: UploadInspection | null = null;
  draft: MappingDraft | null = null;
  /** Whether the person tried to go on: problems are shown from then on, not while the form is fresh. */
  triedNext = false;
  /** The server's words for mapping fields it refused (its own English; shown as sent). */
  serverProblems: Partial<Record<MappingField, string>> = {};
  previewing = false;
  preview: ImportPreview | null = null;
  starting = false;
  batch: ImportBatchView | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(
    private readonly api: ImportsApi,
    /** The zone a file's times default to (the server's TIME_ZONE). */
    public defaultTimeZone: string,
    private readonly onBatchChanged: () => void = () => undefined,
  ) {
    makeAutoObservable<ImportWizardController, 'api' | 'timer' | 'onBatchChanged'>(
      this,
      { api: false, timer: false, onBatchChanged: false },
      { autoBind: true },
    );
  }

  get kind(): ImportKind {
    return this.api.kind;
  }

  get sheet(): InspectedSheet | undefined {
    return this.inspection?.sheets.find((s) => s.name === this.draft?.sheet) ?? this.inspection?.sheets[0];
  }

  get problems(): Partial<Record<MappingField, MappingProblem>> {
    return this.draft ? mappingProblems(this.kind, this.draft) : {};
  }

  get canPreview(): boolean {
    return this.draft !== null && Object.keys(this.problems).length === 0;
  }

  get running(): boolean {
    return this.batch !== null && (this.batch.progress.state === 'queued' || this.batch.progress.state === 'running');
  }

  /** 0..100 of the rows done. */
  get progressPercent(): number {
    const progress = this.batch?.progress;
    if (!progress || progress.totalRows === 0) return progress?.state === 'done' ? 100 : 0;
    return Math.floor((progress.rowsDone / progress.totalRows) * 100);
  }

  setDefaultTimeZone(zone: string): void {
    // A zone learnt after the file was mapped only fills a draft still on the browser's guess.
    if (this.draft && this.draft.timeZone === this.defaultTimeZone) this.draft.timeZone = zone;
    this.defaultTimeZone = zone;
  }

  async upload(file: Blob, fileName: string): Promise<void> {
    this.uploading = true;
    this.uploaded = 0;
    try {
      const inspection = await this.api.upload(file, fileName, (share) => runInAction(() => (this.uploaded = Math.round(share * 100))));
      runInAction(() => {
        this.inspection = inspection;
        this.draft = proposeDraft(this.kind, inspection, this.defaultTimeZone);
        this.triedNext = false;
        this.serverProblems = {};
        this.preview = null;
        this.step = 'mapping';
      });
    } catch {
      // The api hook showed the server's message (not a spreadsheet, too large, no header row…).
    } finally {
      runInAction(() => (this.uploading = false));
    }
  }

  /** Changes draft fields; a field changed forgets the server's complaint about it. */
  change(patch: Partial<MappingDraft>): void {
    if (!this.draft) return;
    if (patch.sheet !== undefined && patch.sheet !== this.draft.sheet && this.inspection) {
      this.draft = proposeDraft(this.kind, this.inspection, this.draft.timeZone, patch.sheet);
      this.serverProblems = {};
      return;
    }
    Object.assign(this.draft, patch);
    const touched = new Set(Object.keys(patch).map((key) => fieldOfDraftKey(key as keyof MappingDraft)));
    this.serverProblems = Object.fromEntries(Object.entries(this.serverProblems).filter(([field]) => !touched.has(field as MappingField)));
  }

  /** Mapping → preview: the server reads every row with the mapping, nothing stored. */
  async runPreview(): Promise<void> {
    this.triedNext = true;
    if (!this.draft || !this.inspection || !this.canPreview) return;
    this.previewing = true;
    try {
      const preview = await this.api.preview(this.inspection.uploadId, toMapping(this.kind, this.draft));
      runInAction(() => {
        this.preview = preview;
        this.step = 'preview';
      });
    } catch (error) {
      runInAction(() => (this.serverProblems = issuesByField(error)));
    } finally {
      runInAction(() => (this.previewing = false));
    }
  }

  /** Preview → import: the batch is queued and its progress followed. */
  async startImport(): Promise<void> {
    if (!this.draft || !this.inspection) return;
    this.starting = true;
    try {
      const batch = await this.api.start(this.inspection.uploadId, toMapping(this.kind, this.draft));
      runInAction(() => {
        this.batch = batch;
        this.step = 'importing';
      });
      this.onBatchChanged();
      this.follow();
    } catch (error) {
      runInAction(() => {
        const problems = issuesByField(error);
        // A mapping the server refuses only now (an object deleted meanwhile) is fixed on the mapping step.
        if (Object.keys(problems).length > 0) {
          this.serverProblems = problems;
          this.step = 'mapping';
        }
      });
    } finally {
      runInAction(() => (this.starting = false));
    }
  }

  back(): void {
    if (this.step === 'preview') this.step = 'mapping';
    else if (this.step === 'mapping') this.step = 'upload';
  }

  /** Another file: the wizard starts again. */
  reset(): void {
    this.stop();
    this.step = 'upload';
    this.uploaded = 0;
    this.inspection = null;
    this.draft = null;
    this.triedNext = false;
    this.serverProblems = {};
    this.preview = null;
    this.batch = null;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private follow(): void {
    this.stop();
    if (!this.batch) return;
    const id = this.batch.id;
    this.timer = setTimeout(() => {
      void this.api.batch(id).then(
        (batch) => {
          runInAction(() => {
            this.batch = batch;
            if (!this.running) this.step = 'done';
          });
          if (this.running) this.follow();
          else this.onBatchChanged();
        },
        // A failed poll (network blip) tries again; the api hook said why.
        () => this.follow(),
      );
    }, PROGRESS_POLL_MS);
  }
}

function fieldOfDraftKey(key: keyof MappingDraft): MappingField | undefined {
  switch (key) {
    case 'periodStart':
    case 'value':
    case 'timeZone':
    case 'dateFormat':
      return key;
    case 'endKind':
    case 'periodEnd':
    case 'interval':
      return 'periodEnd';
    case 'objectMode':
    case 'objectKind':
    case 'objectColumn':
    case 'objectId':
      return 'object';
    case 'fuelMode':
    case 'fuelColumn':
    case 'fuel':
      return 'fuel';
    case 'unitMode':
    case 'unitColumn':
    case 'fuelUnit':
    case 'powerUnit':
      return 'unit';
    default:
      return undefined;
  }
}

function issuesByField(error: unknown): Partial<Record<MappingField, string>> {
  const problems: Partial<Record<MappingField, string>> = {};
  for (const issue of serverIssues(error)) {
    const field = fieldOfIssue(issue.field);
    if (field) problems[field] ??= issue.message;
  }
  return problems;
}
