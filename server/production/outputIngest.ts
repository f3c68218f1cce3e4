import type { Kysely } from 'kysely';
import { outputItemSchema, outputPayloadSchema, type OutputIngestResult, type OutputRejection } from '@shared/production/api';
import type { Database } from '../db/schema';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { lineTemplates } from './lineData';

export type OutputSourceKind = 'http' | 'mqtt';

/** The whole payload was refused (not JSON, no records array, too many records): nothing was written. */
export interface OutputRefusal {
  refused: string;
}

const firstIssue = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string => {
  const issue = error.issues[0];
  if (!issue) return 'invalid record';
  const field = issue.path.map(String).join('.');
  // Messages written for integrators already start with their field ("quantity: must be …").
  return field && !issue.message.startsWith(`${field}:`) ? `${field}: ${issue.message}` : issue.message;
};

/**
 * Output records from integrators (POST /api/ingest/output, MQTT gateways/{sn}/output), record by record: a bad
 * one is answered with its index and reason, the others are written. Lines and products are found by code among
 * the sender's tree (`scope`); a record lands in its line's tree. A non-empty `reference` is the integrator's
 * key: sent again, it updates the record it made (line, product, day, shift, quantity) instead of adding one.
 */
export async function ingestOutput(
  db: Kysely<Database>,
  payload: unknown,
  scope: OwnerScope,
  source: OutputSourceKind,
): Promise<OutputIngestResult | OutputRefusal> {
  const parsed = outputPayloadSchema.safeParse(payload);
  if (!parsed.success) return { refused: firstIssue(parsed.error) };
  const owners = ownerIds(scope);
  let linesQuery = db.selectFrom('product_lines').select(['id', 'code', 'owner_user_id', 'department_id']);
  let productsQuery = db.selectFrom('products').select(['id', 'code', 'owner_user_id']);
  if (owners) {
    linesQuery = linesQuery.where('owner_user_id', 'in', owners);
    productsQuery = productsQuery.where('owner_user_id', 'in', owners);
  }
  const [lines, products] = await Promise.all([linesQuery.execute(), productsQuery.execute()]);
  const lineByCode = new Map(lines.map((line) => [line.code, line]));
  const productByCode = new Map(products.map((product) => [product.code, product]));
  const shiftsOf = new Map<number, Set<string>>();
  const treeOf = new Map<number, { home: number; owners: number[] }>();

  const result: OutputIngestResult = { created: 0, updated: 0, rejected: [] };
  await db.transaction().execute(async (trx) => {
    for (const [index, raw] of parsed.data.records.entries()) {
      const reject = (reason: string) => {
        const reference =
          typeof raw === 'object' && raw !== null && typeof (raw as { reference?: unknown }).reference === 'string'
            ? (raw as { reference: string }).reference
            : '';
        result.rejected.push({ index, reference: reference.slice(0, 100), reason } satisfies OutputRejection);
      };
      const item = outputItemSchema.safeParse(raw);
      if (!item.success) {
        reject(firstIssue(item.error));
        continue;
      }
      const record = item.data;
      const line = lineByCode.get(record.line);
      if (!line) {
        reject(`line: no line with code "${record.line}"`);
        continue;
      }
      const product = productByCode.get(record.product);
      if (!product) {
        reject(`product: no product with code "${record.product}"`);
        continue;
      }
      let tree = treeOf.get(line.owner_user_id);
      if (!tree) {
        const found = await ownerTreeOf(trx, line.owner_user_id);
        tree = { home: found.home, owners: [...found.owners] };
        treeOf.set(line.owner_user_id, tree);
      }
      if (!tree.owners.includes(product.owner_user_id)) {
        reject(`product: "${record.product}" is not of line "${record.line}"'s tree`);
        continue;
      }
      const shift = record.shift ?? '';
      if (shift !== '') {
        let names = shiftsOf.get(line.id);
        if (!names) {
          names = new Set((await lineTemplates(trx, line)).map((template) => template.name));
          shiftsOf.set(line.id, names);
        }
        if (!names.has(shift)) {
          reject(`shift: no shift named "${shift}" for line "${record.line}"`);
          continue;
        }
      }
      const values = { line_id: line.id, product_id: product.id, day: record.day, shift, quantity: record.quantity, source };
      const existing =
        record.reference === ''
          ? undefined
          : await trx
              .selectFrom('product_records')
              .select('id')
              .where('reference', '=', record.reference)
              .where('owner_user_id', 'in', tree.owners.length ? tree.owners : [-1])
              .executeTakeFirst();
      if (existing) {
        await trx.updateTable('product_records').set(values).where('id', '=', existing.id).execute();
        result.updated += 1;
      } else {
        await trx
          .insertInto('product_records')
          .values({ ...values, owner_user_id: tree.home, reference: record.reference, note: '' })
          .execute();
        result.created += 1;
      }
    }
  });
  return result;
}

/** The answer's message: integrators log it, so it reads as English grammar. */
export const outputMessage = (result: OutputIngestResult): string =>
  result.rejected.length === 0 ? 'ok' : result.rejected.length === 1 ? '1 record rejected' : `${result.rejected.length} records rejected`;
