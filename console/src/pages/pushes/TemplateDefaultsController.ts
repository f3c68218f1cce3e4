import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi } from '@shared/api/pushesApi';
import { ALARM_KINDS, type AlarmKind } from '@shared/schemas/alarms';
import { PUSH_CHANNELS, type PushChannel, type PushTemplate, type TemplateDefaults } from '@shared/schemas/pushes';

const cellKey = (kind: AlarmKind, channel: PushChannel) => `${kind}:${channel}`;

/** The grid alarm kind × channel of /message/template-settings: one default template (or none) per cell. */
export class TemplateDefaultsController {
  templates: PushTemplate[] = [];
  cells = new Map<string, number | null>();
  loading = false;
  saving = false;
  /** Cells changed since the last load or save. */
  dirty = false;
  private loadSeq = 0;

  constructor(private readonly api: Pick<PushesApi, 'templates' | 'templateDefaults' | 'saveTemplateDefaults'>) {
    makeAutoObservable<TemplateDefaultsController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the page's first, racing the Reload button) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const [templates, defaults] = await Promise.all([this.api.templates(), this.api.templateDefaults()]);
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.templates = templates;
        this.adopt(defaults);
      });
    } catch {
      // The toast said why.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Only templates of the cell's channel can be its default. */
  templatesOf(channel: PushChannel): PushTemplate[] {
    return this.templates.filter((template) => template.channel === channel);
  }

  templateOf(kind: AlarmKind, channel: PushChannel): number | null {
    return this.cells.get(cellKey(kind, channel)) ?? null;
  }

  set(kind: AlarmKind, channel: PushChannel, templateId: number | null): void {
    this.cells.set(cellKey(kind, channel), templateId);
    this.dirty = true;
  }

  /** Every cell of the grid, empty ones as null (the server then has nothing to fall back on for it). */
  get body(): TemplateDefaults {
    return { defaults: ALARM_KINDS.flatMap((kind) => PUSH_CHANNELS.map((channel) => ({ kind, channel, templateId: this.templateOf(kind, channel) }))) };
  }

  async save(): Promise<boolean> {
    this.saving = true;
    try {
      const saved = await this.api.saveTemplateDefaults(this.body);
      runInAction(() => this.adopt(saved));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private adopt(defaults: TemplateDefaults): void {
    this.cells = new Map(defaults.defaults.map((cell) => [cellKey(cell.kind, cell.channel), cell.templateId]));
    this.dirty = false;
  }
}
