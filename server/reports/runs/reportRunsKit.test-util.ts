import type { FastifyInstance } from 'fastify';
import type { ReportSpecInput } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import { ReportRunner, type TableBuilder } from './reportRunner';

/** A definition of meters' energy stored straight in the table (the definitions API is another part's). */
export async function insertDefinition(app: FastifyInstance, name: string, ownerUserId: number, spec: Partial<ReportSpecInput> = {}): Promise<number> {
  const full: ReportSpecInput = {
    objects: { kind: 'meter', ids: [] },
    columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }],
    period: { preset: 'lastMonth' },
    ...spec,
  };
  const now = Date.now();
  const row = await app.storage.db
    .insertInto('report_definitions')
    .values({
      owner_user_id: ownerUserId,
      name,
      description: '',
      template: null,
      spec: JSON.stringify(full),
      created_by: ownerUserId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const adminId = async (app: FastifyInstance): Promise<number> =>
  Number((await app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);

/** A runner on the app's database that polls only when told, with short timers and the given table builder. */
export function testRunner(app: FastifyInstance, build: TableBuilder, options: { processId: string; staleMs?: number; now?: () => number }): ReportRunner {
  return new ReportRunner({
    db: app.storage.db,
    dbKind: app.storage.kind,
    sqlite: app.storage.sqlite,
    timeZone: app.serverConfig.timeZone,
    pollMs: 0,
    heartbeatMs: 50,
    cancelPollMs: 20,
    progressMs: 10,
    build,
    ...options,
  });
}

/** A builder that answers `table` at once (the engine is tested on its own). */
export const fixedTable =
  (table: ReportTable): TableBuilder =>
  async () =>
    table;

export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
