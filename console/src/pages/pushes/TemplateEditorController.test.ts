import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { PushesApi } from '@shared/api/pushesApi';
import { createI18n } from '@shared/i18n';
import type { PushTemplate } from '@shared/schemas/pushes';
import { PREVIEW_DELAY_MS, TemplateEditorController, type Scheduler } from './TemplateEditorController';

const t = createI18n('en').t;

/** Timers stepped by hand: what runs and when is the test's to say. */
class ManualScheduler implements Scheduler {
  private next = 1;
  readonly timers = new Map<number, { run: () => void; ms: number }>();
  set(run: () => void, ms: number) {
    const id = this.next++;
    this.timers.set(id, { run, ms });
    return id;
  }
  clear(handle: unknown) {
    this.timers.delete(handle as number);
  }
  fire() {
    const due = [...this.timers.values()];
    this.timers.clear();
    due.forEach((timer) => timer.run());
  }
}

function fakeApi() {
  const previews: { subject: string; body: string }[] = [];
  const saved: unknown[] = [];
  let refusal: ApiError | null = null;
  const api: Pick<PushesApi, 'createTemplate' | 'updateTemplate' | 'previewTemplate'> = {
    previewTemplate: async (body) => {
      previews.push(body);
      return { subject: body.subject.replace('{{subject}}', 'Boiler 1'), body: body.body.replace('{{subject}}', 'Boiler 1') };
    },
    createTemplate: async (body) => {
      if (refusal) throw refusal;
      saved.push(body);
      return { id: 7, updatedAt: 1, name: body.name, channel: body.channel, subject: body.subject ?? '', body: body.body };
    },
    updateTemplate: async (id, body) => ({ id, updatedAt: 2, name: body.name, channel: body.channel, subject: body.subject ?? '', body: body.body }),
  };
  return { api, previews, saved, refuse: (error: ApiError) => (refusal = error) };
}

describe('TemplateEditorController', () => {
  it('inserts a placeholder at the remembered caret of the field last focused', () => {
    const { api } = fakeApi();
    const editor = new TemplateEditorController(api, t, undefined, 'email', new ManualScheduler());
    editor.setField('body', 'Alarm on  now');
    editor.setSelection('body', 9, 9);
    expect(editor.insertPlaceholder('subject')).toEqual({ field: 'body', caret: 20 });
    expect(editor.draft.body).toBe('Alarm on {{subject}} now');
    // The caret is behind the token: a second click goes after it.
    editor.insertPlaceholder('value');
    expect(editor.draft.body).toBe('Alarm on {{subject}}{{value}} now');

    editor.setField('subject', '[] alarm');
    editor.setSelection('subject', 1, 1);
    expect(editor.insertPlaceholder('severity')).toEqual({ field: 'subject', caret: 13 });
    expect(editor.draft.subject).toBe('[{{severity}}] alarm');
  });

  it('writes into the body when the channel has no subject', () => {
    const { api } = fakeApi();
    const editor = new TemplateEditorController(api, t, undefined, 'sms', new ManualScheduler());
    editor.setSelection('subject', 0, 0);
    editor.insertPlaceholder('kind');
    expect(editor.draft).toMatchObject({ subject: '', body: '{{kind}}' });
  });

  it('asks for one preview per pause in typing, with the last text', async () => {
    const { api, previews } = fakeApi();
    const timers = new ManualScheduler();
    const editor = new TemplateEditorController(api, t, undefined, 'email', timers);
    editor.setField('body', 'A');
    editor.setField('body', 'Al');
    editor.setField('body', 'Alarm on {{subject}}');
    expect(timers.timers.size).toBe(1);
    expect([...timers.timers.values()][0]?.ms).toBe(PREVIEW_DELAY_MS);
    expect(previews).toEqual([]);
    timers.fire();
    await Promise.resolve();
    await Promise.resolve();
    expect(previews).toEqual([{ subject: '', body: 'Alarm on {{subject}}' }]);
    expect(editor.preview).toEqual({ subject: '', body: 'Alarm on Boiler 1' });
  });

  it('does not send a draft with an unknown placeholder to preview, and says why at the field', async () => {
    const { api, previews } = fakeApi();
    const timers = new ManualScheduler();
    const editor = new TemplateEditorController(api, t, undefined, 'email', timers);
    editor.setField('body', 'Value {{vaule}}');
    timers.fire();
    await Promise.resolve();
    expect(previews).toEqual([]);
    expect(editor.preview).toBeNull();
    editor.checkField('body');
    expect(editor.errors.body).toBe('Unknown placeholder: {{vaule}}');
  });

  it('counts SMS characters and refuses more than 500', async () => {
    const { api, saved } = fakeApi();
    const editor = new TemplateEditorController(api, t, undefined, 'sms', new ManualScheduler());
    editor.setField('name', 'Short');
    editor.setField('body', 'x'.repeat(501));
    expect(editor.bodyLength).toBe(501);
    expect(editor.overSmsLimit).toBe(true);
    expect(await editor.save()).toBeNull();
    expect(editor.errors.body).toBe('An SMS may have at most 500 characters (501 now)');
    expect(saved).toEqual([]);
    // The same text is fine as an e-mail.
    editor.setField('channel', 'email');
    expect(editor.overSmsLimit).toBe(false);
  });

  it('shows the contract messages, then the server refusal at its field', async () => {
    const { api, saved, refuse } = fakeApi();
    const editor = new TemplateEditorController(api, t, undefined, 'email', new ManualScheduler());
    expect(await editor.save()).toBeNull();
    expect(editor.errors).toEqual({ name: 'Please fill in this field', body: 'Please fill in this field' });
    editor.setField('name', 'Threshold mail');
    expect(editor.errors.name).toBeUndefined();
    editor.setField('body', 'Over {{limit}}');
    refuse(
      new ApiError(
        40000,
        'body.body: unknown placeholder {{limit2}}',
        { issues: [{ field: 'body.body', rule: 'placeholder', message: 'unknown placeholder {{limit2}}; use kind, …' }] },
        400,
      ),
    );
    expect(await editor.save()).toBeNull();
    expect(editor.errors).toEqual({ body: 'unknown placeholder {{limit2}}; use kind, …' });
    expect(saved).toEqual([]);
  });

  it('sends a subject only for e-mail and keeps the record id on update', async () => {
    const { api, saved } = fakeApi();
    const editor = new TemplateEditorController(api, t, undefined, 'email', new ManualScheduler());
    editor.setField('name', 'SMS');
    editor.setField('subject', 'left from e-mail');
    editor.setField('channel', 'sms');
    editor.setField('body', '{{subject}} {{value}}');
    expect((await editor.save())?.id).toBe(7);
    expect(saved).toEqual([{ name: 'SMS', channel: 'sms', subject: '', body: '{{subject}} {{value}}' }]);

    const record: PushTemplate = { id: 3, name: 'Old', channel: 'email', subject: 's', body: 'b', updatedAt: 1 };
    const edit = new TemplateEditorController(api, t, record, 'email', new ManualScheduler());
    expect((await edit.save())?.id).toBe(3);
  });
});
