import type { TFunction } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi } from '@shared/api/pushesApi';
import { SMS_MAX_CHARS, pushTemplateSchema, type PushChannel, type PushTemplate, type TemplatePlaceholder, type TemplatePreview } from '@shared/schemas/pushes';
import { schemaErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import { insertAt, placeholderToken, unknownPlaceholders } from './placeholders';

/** The server refuses SMS bodies longer than this (the contract's limit). */
export { SMS_MAX_CHARS };
/** Typing pauses this long before the preview is asked for: one request per pause, not per key. */
export const PREVIEW_DELAY_MS = 400;

export interface TemplateDraft {
  name: string;
  channel: PushChannel;
  subject: string;
  body: string;
}
type TextField = 'subject' | 'body';

/** setTimeout/clearTimeout, injectable so tests can step the debounce. */
export interface Scheduler {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
const realScheduler: Scheduler = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/**
 * One template being written: the draft, where the caret was in each text field (the palette inserts
 * there), the field messages (the contract's, then the server's), and a debounced preview filled by
 * the server with a sample alarm. Headless; the dialog renders it.
 */
export class TemplateEditorController {
  draft: TemplateDraft;
  errors: FieldErrors = {};
  preview: TemplatePreview | null = null;
  previewing = false;
  saving = false;
  /** The text field the palette writes into: the last one focused (the body at first). */
  activeField: TextField = 'body';
  private selections: Record<TextField, { start: number; end: number }>;
  private timer: unknown = null;
  private previewSeq = 0;

  constructor(
    private readonly api: Pick<PushesApi, 'createTemplate' | 'updateTemplate' | 'previewTemplate'>,
    private readonly t: TFunction,
    readonly record?: PushTemplate,
    initialChannel: PushChannel = 'email',
    private readonly scheduler: Scheduler = realScheduler,
  ) {
    this.draft = record
      ? { name: record.name, channel: record.channel, subject: record.subject, body: record.body }
      : { name: '', channel: initialChannel, subject: '', body: '' };
    this.selections = {
      subject: { start: this.draft.subject.length, end: this.draft.subject.length },
      body: { start: this.draft.body.length, end: this.draft.body.length },
    };
    makeAutoObservable<TemplateEditorController, 'api' | 't' | 'scheduler' | 'selections' | 'timer' | 'previewSeq'>(
      this,
      { api: false, t: false, record: false, scheduler: false, selections: false, timer: false, previewSeq: false },
      { autoBind: true },
    );
    if (this.draft.body.trim()) this.schedulePreview();
  }

  get isSms(): boolean {
    return this.draft.channel === 'sms';
  }

  /** Characters in the body (the SMS limit counts what the server counts). */
  get bodyLength(): number {
    return this.draft.body.length;
  }

  get overSmsLimit(): boolean {
    return this.isSms && this.bodyLength > SMS_MAX_CHARS;
  }

  setField<K extends keyof TemplateDraft>(field: K, value: TemplateDraft[K]): void {
    this.draft = { ...this.draft, [field]: value };
    delete this.errors[field];
    if (field === 'channel' && !this.isSms) delete this.errors.body;
    if (field === 'subject' || field === 'body' || field === 'channel') this.schedulePreview();
  }

  /** Remember where the caret is, so a palette click inserts there. */
  setSelection(field: TextField, start: number, end: number): void {
    this.selections[field] = { start, end };
    this.activeField = field;
  }

  /** Puts `{{name}}` at the caret of the active field (replacing a selection); resolves the new caret. */
  insertPlaceholder(name: TemplatePlaceholder): { field: TextField; caret: number } {
    // E-mail is the only channel with a subject: elsewhere the palette always writes into the body.
    const field: TextField = this.activeField === 'subject' && this.draft.channel === 'email' ? 'subject' : 'body';
    const { start, end } = this.selections[field];
    const next = insertAt(this.draft[field], start, end, placeholderToken(name));
    this.setField(field, next.text);
    this.selections[field] = { start: next.caret, end: next.caret };
    return { field, caret: next.caret };
  }

  /** Field messages for the draft as it stands: the contract's rules, known placeholders, the SMS limit. */
  validate(): FieldErrors {
    const errors = schemaErrors(this.t, pushTemplateSchema, this.body());
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholders(this.draft[field]);
      if (unknown.length && !errors[field]) errors[field] = this.t('pushes.rules.unknownPlaceholder', { names: unknown.map((n) => `{{${n}}}`).join(', ') });
    }
    // The contract refuses it too, in English: the catalogue's words, with the count, win.
    if (this.overSmsLimit) errors.body = this.t('pushes.rules.smsTooLong', { max: SMS_MAX_CHARS, count: this.bodyLength });
    return errors;
  }

  /** Checks one field (on blur) and shows or clears its message. */
  checkField(field: keyof TemplateDraft): void {
    const message = this.validate()[field];
    if (message) this.errors = { ...this.errors, [field]: message };
    else delete this.errors[field];
  }

  /** Creates or updates; resolves the saved template, or null with the messages at their fields. */
  async save(): Promise<PushTemplate | null> {
    if (this.saving) return null;
    const errors = this.validate();
    this.errors = errors;
    if (Object.keys(errors).length) return null;
    this.saving = true;
    try {
      const body = this.body();
      return this.record ? await this.api.updateTemplate(this.record.id, body) : await this.api.createTemplate(body);
    } catch (error) {
      // The toast said it; a field the server named also shows it there.
      runInAction(() => (this.errors = serverFieldErrors(this.t, error)));
      return null;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Asks for a preview once typing has paused; a draft the server would refuse is not sent. */
  schedulePreview(): void {
    if (this.timer !== null) this.scheduler.clear(this.timer);
    this.timer = this.scheduler.set(() => {
      this.timer = null;
      void this.refreshPreview();
    }, PREVIEW_DELAY_MS);
  }

  async refreshPreview(): Promise<void> {
    const { subject, body } = this.draft;
    const problems = this.validate();
    if (!body.trim() || problems.body || problems.subject) {
      this.preview = null;
      return;
    }
    const seq = ++this.previewSeq;
    this.previewing = true;
    try {
      const preview = await this.api.previewTemplate({ subject: this.draft.channel === 'email' ? subject : '', body });
      if (seq === this.previewSeq) runInAction(() => (this.preview = preview));
    } catch {
      if (seq === this.previewSeq) runInAction(() => (this.preview = null));
    } finally {
      if (seq === this.previewSeq) runInAction(() => (this.previewing = false));
    }
  }

  dispose(): void {
    if (this.timer !== null) this.scheduler.clear(this.timer);
    this.timer = null;
  }

  /** What is sent: a subject only for e-mail. */
  private body() {
    const { name, channel, subject, body } = this.draft;
    return { name, channel, subject: channel === 'email' ? subject : '', body };
  }
}
