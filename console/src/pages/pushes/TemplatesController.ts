import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi } from '@shared/api/pushesApi';
import type { PushChannel, PushTemplate } from '@shared/schemas/pushes';

/** The template list of /msg/template: a channel filter, the checked rows, delete. */
export class TemplatesController {
  templates: PushTemplate[] = [];
  channel: PushChannel | undefined = undefined;
  selectedIds: number[] = [];
  loading = false;
  busy = false;
  private requestSeq = 0;

  constructor(private readonly api: Pick<PushesApi, 'templates' | 'deleteTemplates'>) {
    makeAutoObservable<TemplatesController, 'api' | 'requestSeq'>(this, { api: false, requestSeq: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const templates = await this.api.templates(this.channel);
      if (seq === this.requestSeq) runInAction(() => (this.templates = templates));
    } catch {
      // The toast said why; the list keeps what it had.
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setChannel(channel: PushChannel | undefined): Promise<void> {
    this.channel = channel;
    this.selectedIds = [];
    return this.load();
  }

  setSelected(ids: number[]): void {
    this.selectedIds = ids;
  }

  /** Deletes and reloads; resolves false when the server refused (a template still used by a task, say). */
  async remove(ids: number[]): Promise<boolean> {
    this.busy = true;
    try {
      await this.api.deleteTemplates(ids);
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
    runInAction(() => (this.selectedIds = this.selectedIds.filter((id) => !ids.includes(id))));
    await this.load();
    return true;
  }
}
