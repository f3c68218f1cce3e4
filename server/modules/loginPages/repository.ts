import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  LOGIN_PAGE_MESSAGES,
  type CurrentLoginPage,
  type LoginPageList,
  type LoginPageRow,
  type LoginPageTemplate,
  type loginPageInputSchema,
} from '@shared/schemas/loginPages';
import type { Database, LoginPagesTable } from '../../db/schema';
import { flag, isSet } from '../../db/columns';
import { AppError } from '../../http/appError';

type LoginPageFields = z.infer<typeof loginPageInputSchema>;

const toRow = (row: Selectable<LoginPagesTable>): LoginPageRow => ({
  _id: row.id,
  edition: row.edition,
  notes: row.notes,
  state: isSet(row.state),
  domainName: row.domain_name,
  templateName: row.template_name as LoginPageTemplate,
  updatedAt: Number(row.updated_at),
});

/** Login-page entries (/settings/loginPageSet): at most one active entry per domain name. */
export class LoginPageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(page: number, size: number): Promise<LoginPageList> {
    const { total } = await this.db
      .selectFrom('login_pages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('login_pages')
      .selectAll()
      .orderBy('id', 'asc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { total: Number(total), rows: rows.map(toRow) };
  }

  async create(fields: LoginPageFields): Promise<LoginPageRow> {
    return this.db.transaction().execute(async (trx) => {
      await assertDomainFree(trx, fields, null);
      const now = Date.now();
      const row = await trx
        .insertInto('login_pages')
        .values({ ...columns(fields), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    });
  }

  async update(id: number, fields: LoginPageFields): Promise<LoginPageRow> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('login_pages').select('id').where('id', '=', id).executeTakeFirst();
      if (!existing) throw new AppError('NOT_FOUND', { message: 'No such login page' });
      await assertDomainFree(trx, fields, id);
      const row = await trx
        .updateTable('login_pages')
        .set({ ...columns(fields), updated_at: Date.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    });
  }

  /** Deletes the ids that exist; unknown ids are left out of the count. */
  async remove(ids: readonly number[]): Promise<number> {
    const result = await this.db.deleteFrom('login_pages').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The active entry for a host, else the active catch-all entry ('' domain), else null. */
  async current(host: string): Promise<CurrentLoginPage> {
    const rows = await this.db
      .selectFrom('login_pages')
      .select(['edition', 'template_name', 'domain_name'])
      .where('state', '=', 1)
      .where('domain_name', 'in', host ? [host, ''] : [''])
      .execute();
    const match = rows.find((row) => row.domain_name === host) ?? rows.find((row) => row.domain_name === '');
    return match ? { edition: match.edition, templateName: match.template_name as LoginPageTemplate } : null;
  }
}

const columns = (fields: LoginPageFields) => ({
  edition: fields.edition,
  notes: fields.notes,
  state: flag(fields.state),
  domain_name: fields.domainName,
  template_name: fields.templateName,
});

/** Two active entries for one host would make the login page's choice arbitrary. */
async function assertDomainFree(db: Kysely<Database>, fields: LoginPageFields, selfId: number | null): Promise<void> {
  if (!fields.state) return;
  let query = db.selectFrom('login_pages').select('id').where('state', '=', 1).where('domain_name', '=', fields.domainName);
  if (selfId !== null) query = query.where('id', '!=', selfId);
  if (!(await query.executeTakeFirst())) return;
  // A single business rule: the envelope carries the catalogue key itself, as for a taken username.
  const issues = [{ field: 'domainName', rule: 'unique', message: LOGIN_PAGE_MESSAGES.domainActive }];
  throw new AppError('VALIDATION_FAILED', { message: LOGIN_PAGE_MESSAGES.domainActive, data: { issues } });
}
