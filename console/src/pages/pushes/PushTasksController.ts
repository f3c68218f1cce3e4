import type { TFunction } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi } from '@shared/api/pushesApi';
import type { ResourceOption } from '@shared/resources';
import { pushTaskSchema, type PushChannel, type PushContacts, type PushTask, type PushTaskInput, type PushTemplate } from '@shared/schemas/pushes';
import { schemaErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import { changeThenReload } from '../../lists/changeThenReload';

export type TaskSaveResult = { ok: true; task: PushTask } | { ok: false; errors: FieldErrors };

/** The task as the form and the PUT see it (the list's display names left out). */
export const taskInput = (task: PushTask): PushTaskInput => ({
  name: task.name,
  enabled: task.enabled,
  channel: task.channel,
  kinds: [...task.kinds],
  minSeverity: task.minSeverity,
  departmentId: task.departmentId,
  templateId: task.templateId,
  recipientIds: [...task.recipientIds],
  onRepeat: task.onRepeat,
});

/**
 * /msg/task: the push tasks, and the choices their dialog needs (users with their push addresses,
 * departments, templates). Choices a role may not read stay empty instead of failing the screen.
 */
export class PushTasksController {
  tasks: PushTask[] = [];
  contacts: PushContacts[] = [];
  departments: ResourceOption[] = [];
  templates: PushTemplate[] = [];
  loading = false;
  busy = false;
  /** Task ids whose enabled switch is being saved. */
  switching = new Set<number>();
  private loadSeq = 0;

  constructor(
    private readonly api: Pick<PushesApi, 'tasks' | 'createTask' | 'updateTask' | 'deleteTasks' | 'contacts' | 'templates'>,
    private readonly departmentOptions: () => Promise<ResourceOption[]>,
    private readonly t: TFunction,
    /** Whether the role may read the users' push contacts; without, recipients show by the task's names. */
    private readonly canReadContacts = true,
  ) {
    makeAutoObservable<PushTasksController, 'api' | 'departmentOptions' | 't' | 'canReadContacts' | 'loadSeq'>(
      this,
      { api: false, departmentOptions: false, t: false, canReadContacts: false, loadSeq: false },
      { autoBind: true },
    );
  }

  /** A late answer to an older load (the page's first, racing the reload after a change) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const tasks = await this.api.tasks();
      if (seq === this.loadSeq) runInAction(() => (this.tasks = tasks));
    } catch {
      // The toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** The dialog's choices, asked for when it opens (a user or template may have been added meanwhile). */
  async loadChoices(): Promise<void> {
    const [contacts, departments, templates] = await Promise.all([
      this.canReadContacts ? this.api.contacts().catch(() => null) : null,
      this.departmentOptions().catch(() => null),
      this.api.templates().catch(() => null),
    ]);
    runInAction(() => {
      if (contacts) this.contacts = contacts;
      if (departments) this.departments = departments;
      if (templates) this.templates = templates;
    });
  }

  templatesOf(channel: PushChannel): PushTemplate[] {
    return this.templates.filter((template) => template.channel === channel);
  }

  /** Checks with the contract, then creates or updates; the messages come back per field. */
  async save(body: PushTaskInput, id?: number): Promise<TaskSaveResult> {
    const errors = schemaErrors(this.t, pushTaskSchema, body);
    if (Object.keys(errors).length) return { ok: false, errors };
    this.busy = true;
    try {
      const task = id === undefined ? await this.api.createTask(body) : await this.api.updateTask(id, body);
      await this.load();
      return { ok: true, task };
    } catch (error) {
      return { ok: false, errors: serverFieldErrors(this.t, error) };
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** The list's switch: the whole task with `enabled` flipped (PUT replaces the task). */
  async setEnabled(task: PushTask, enabled: boolean): Promise<boolean> {
    this.switching.add(task.id);
    try {
      const saved = await this.api.updateTask(task.id, { ...taskInput(task), enabled });
      runInAction(() => (this.tasks = this.tasks.map((row) => (row.id === saved.id ? saved : row))));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => this.switching.delete(task.id));
    }
  }

  remove(ids: number[]): Promise<boolean> {
    return changeThenReload(this, () => this.api.deleteTasks(ids));
  }
}
