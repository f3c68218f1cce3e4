import type { Kysely, Selectable } from 'kysely';
import { ALARM_KINDS, PUSH_CHANNELS, TEMPLATE_PLACEHOLDERS, type AlarmKind, type PushChannel, type PushTemplate, type TemplateDefaults } from '@shared/schemas';
import type { Database, PushTemplatesTable } from '../db/schema';
import { validationError } from '../http/appError';
import { BUILTIN_TEMPLATES } from './builtinTemplates';
import { unknownPlaceholders, type RenderedMessage } from './templateRender';

type TemplateRow = Selectable<PushTemplatesTable>;
export interface TemplateBody {
  name: string;
  channel: PushChannel;
  subject: string;
  body: string;
}

const toTemplate = (row: TemplateRow): PushTemplate => ({
  id: row.id,
  name: row.name,
  channel: row.channel as PushChannel,
  subject: row.subject,
  body: row.body,
  updatedAt: Number(row.updated_at),
});

/** 40000 naming every unknown placeholder: a typo would otherwise reach people as literal text. */
export function assertKnownPlaceholders(text: { subject: string; body: string }, prefix = 'body'): void {
  const issues = (['subject', 'body'] as const).flatMap((field) => {
    const unknown = unknownPlaceholders(text[field]);
    if (unknown.length === 0) return [];
    const names = unknown.map((name) => `{{${name}}}`).join(', ');
    return [{ field: `${prefix}.${field}`, rule: 'placeholder', message: `unknown placeholder ${names}; use ${TEMPLATE_PLACEHOLDERS.join(', ')}` }];
  });
  if (issues.length > 0) throw validationError(issues);
}

/** push_templates and push_template_defaults. */
export class PushTemplates {
  constructor(private readonly db: Kysely<Database>) {}

  /** The templates of a tree (`owners`; null: every tree). */
  async list(channel: PushChannel | undefined, owners: number[] | null): Promise<PushTemplate[]> {
    let select = this.db.selectFrom('push_templates').selectAll();
    if (owners) select = select.where('owner_user_id', 'in', owners);
    if (channel) select = select.where('channel', '=', channel);
    return (await select.orderBy('id').execute()).map(toTemplate);
  }

  async get(id: number): Promise<PushTemplate | undefined> {
    const row = await this.db.selectFrom('push_templates').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toTemplate(row) : undefined;
  }

  async create(body: TemplateBody, ownerUserId: number, now = Date.now()): Promise<PushTemplate> {
    assertKnownPlaceholders(body);
    const row = await this.db
      .insertInto('push_templates')
      .values({ ...body, owner_user_id: ownerUserId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  }

  /** Undefined when there is no such template. A template in use keeps its channel (tasks expect it). */
  async update(id: number, body: TemplateBody, now = Date.now()): Promise<PushTemplate | undefined> {
    assertKnownPlaceholders(body);
    const current = await this.get(id);
    if (!current) return undefined;
    if (current.channel !== body.channel) {
      const users = await this.usersOf([id]);
      if (users.length > 0) throw validationError([{ field: 'body.channel', rule: 'in-use', message: `the channel cannot change: ${users[0]}` }]);
    }
    await this.db
      .updateTable('push_templates')
      .set({ ...body, updated_at: now })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /**
   * Deletes all or none of the listed templates of the tree (`owners`; null: any); another tree's are
   * left alone and not counted. A template a task or the template settings use is refused, saying which.
   */
  async remove(requested: number[], owners: number[] | null): Promise<number> {
    let own = this.db.selectFrom('push_templates').select('id').where('id', 'in', requested);
    if (owners) own = own.where('owner_user_id', 'in', owners);
    const ids = (await own.execute()).map((row) => row.id);
    if (ids.length === 0) return 0;
    const users = await this.usersOf(ids);
    if (users.length > 0) throw validationError([{ field: 'body.ids', rule: 'in-use', message: `cannot delete: ${users.join('; ')}` }]);
    const result = await this.db.deleteFrom('push_templates').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** "template "Night mail" is used by push task "Boiler room"", one line per use. */
  private async usersOf(ids: number[]): Promise<string[]> {
    const [tasks, defaults] = await Promise.all([
      this.db
        .selectFrom('push_tasks')
        .innerJoin('push_templates', 'push_templates.id', 'push_tasks.template_id')
        .select(['push_templates.name as template', 'push_tasks.name as task'])
        .where('push_tasks.template_id', 'in', ids)
        .orderBy('push_tasks.id')
        .execute(),
      this.db
        .selectFrom('push_template_defaults')
        .innerJoin('push_templates', 'push_templates.id', 'push_template_defaults.template_id')
        .select(['push_templates.name as template', 'push_template_defaults.kind', 'push_template_defaults.channel'])
        .where('push_template_defaults.template_id', 'in', ids)
        .execute(),
    ]);
    return [
      ...tasks.map((t) => `template "${t.template}" is used by push task "${t.task}"`),
      ...defaults.map((d) => `template "${d.template}" is the default for ${d.kind} alarms on ${d.channel}`),
    ];
  }

  /** Every kind × channel, templateId null where none is set. */
  async defaults(): Promise<TemplateDefaults> {
    const rows = await this.db.selectFrom('push_template_defaults').selectAll().execute();
    const set = new Map(rows.map((r) => [`${r.kind}:${r.channel}`, r.template_id]));
    return { defaults: ALARM_KINDS.flatMap((kind) => PUSH_CHANNELS.map((channel) => ({ kind, channel, templateId: set.get(`${kind}:${channel}`) ?? null }))) };
  }

  /** Sets the listed pairs (null clears one); each template must exist and be of the pair's channel. */
  async saveDefaults(input: TemplateDefaults): Promise<void> {
    const ids = [...new Set(input.defaults.map((d) => d.templateId).filter((id): id is number => id !== null))];
    const templates = ids.length === 0 ? [] : await this.db.selectFrom('push_templates').select(['id', 'channel']).where('id', 'in', ids).execute();
    const channelOf = new Map(templates.map((t) => [t.id, t.channel]));
    input.defaults.forEach((entry, index) => {
      if (entry.templateId === null) return;
      const channel = channelOf.get(entry.templateId);
      const field = `body.defaults.${index}.templateId`;
      if (channel === undefined) throw validationError([{ field, rule: 'exists', message: `${entry.templateId} does not exist` }]);
      if (channel !== entry.channel)
        throw validationError([{ field, rule: 'channel', message: `template ${entry.templateId} is a ${channel} template, not ${entry.channel}` }]);
    });
    await this.db.transaction().execute(async (trx) => {
      for (const entry of input.defaults) {
        await trx.deleteFrom('push_template_defaults').where('kind', '=', entry.kind).where('channel', '=', entry.channel).execute();
        if (entry.templateId !== null)
          await trx.insertInto('push_template_defaults').values({ kind: entry.kind, channel: entry.channel, template_id: entry.templateId }).execute();
      }
    });
  }

  /** The text a push uses: the task's template, else the kind's default for the channel, else the built-in one. */
  async resolve(templateId: number | null, kind: AlarmKind, channel: PushChannel): Promise<RenderedMessage> {
    if (templateId !== null) {
      const template = await this.get(templateId);
      if (template) return template;
    }
    const fallback = await this.db
      .selectFrom('push_template_defaults')
      .innerJoin('push_templates', 'push_templates.id', 'push_template_defaults.template_id')
      .select(['push_templates.subject', 'push_templates.body'])
      .where('push_template_defaults.kind', '=', kind)
      .where('push_template_defaults.channel', '=', channel)
      .executeTakeFirst();
    return fallback ?? BUILTIN_TEMPLATES[channel];
  }
}
