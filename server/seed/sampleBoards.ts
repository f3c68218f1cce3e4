import type { Kysely } from 'kysely';
import { EQUIPMENT_SAMPLE_KEY, SAMPLE_BOARDS, type SampleBoard, type SampleRefs } from '@boards/samples';
import { issueField, validateBoard, type WidgetLookup } from '@boards/validation/validateBoard';
import { widgetRegistry } from '@boards/widgets';
import type { Database } from '../db/schema';
import { BoardRepository } from '../boards/boardRepository';
import { BoardReviews } from '../boards/boardReview';
import { versionNote } from '../boards/boardVersions';

/** The demo organisation's ids by code (meters M011…, departments PLANT…, sub-items POWER…). */
export async function loadSampleRefs(db: Kysely<Database>): Promise<SampleRefs> {
  const byCode = async (table: 'meters' | 'departments' | 'subitems') =>
    new Map((await db.selectFrom(table).select(['id', 'code']).execute()).map((row) => [row.code, row.id]));
  const [meters, departments, subitems] = await Promise.all([byCode('meters'), byCode('departments'), byCode('subitems')]);
  return { meter: (code) => meters.get(code), department: (code) => departments.get(code), subitem: (code) => subitems.get(code) };
}

async function sampleOwner(db: Kysely<Database>): Promise<number> {
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) throw new Error('Sample boards are seeded after the admin account');
  return admin.id;
}

/**
 * Inserts each sample board that was never seeded, validated like any saved board (a sample that fails is
 * a bug in the product and throws). `seeded_samples` remembers the keys, so a sample an admin deleted
 * stays deleted. Several processes starting at once: the marker's primary key lets one insert win.
 * Answers the keys this call inserted.
 */
export async function seedSampleBoards(
  db: Kysely<Database>,
  refs: SampleRefs,
  samples: readonly SampleBoard[] = SAMPLE_BOARDS,
  registry: WidgetLookup = widgetRegistry,
  now = Date.now(),
): Promise<string[]> {
  if (samples.length === 0) return [];
  const present = new Set(
    (
      await db
        .selectFrom('seeded_samples')
        .select('key')
        .where(
          'key',
          'in',
          samples.map((sample) => sample.key),
        )
        .execute()
    ).map((row) => row.key),
  );
  const inserted: string[] = [];
  // Samples belong to the built-in admin's tree, like the demo organisation they point at.
  const owner = await sampleOwner(db);
  for (const sample of samples) {
    if (present.has(sample.key) || sample.available?.(refs) === false) continue;
    const result = validateBoard(sample.build(refs), registry);
    if (!result.ok) {
      const details = result.issues.map((issue) => `${issueField(issue.path) || '(document)'}: ${issue.message}`).join('; ');
      throw new Error(`Sample board "${sample.key}" is not valid: ${details}`);
    }
    const { document } = result;
    const marked = await db
      .insertInto('seeded_samples')
      .values({ key: sample.key, seeded_at: now })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) continue; // another process seeds it
    // Through the repository, so its columns mirror the meta and its history starts with one version.
    if (await new BoardRepository(db).insertSample({ document, username: 'system', now, note: versionNote.created }, sample.key, owner))
      inserted.push(sample.key);
  }
  return inserted;
}

/**
 * The equipment sample goes to review as the system submitted it, once, when this start inserted it: the
 * review screen (Base data › Equipment board review) has a board waiting, which anyone but "system" decides.
 */
export async function submitEquipmentSample(db: Kysely<Database>, inserted: readonly string[]): Promise<void> {
  if (!inserted.includes(EQUIPMENT_SAMPLE_KEY)) return;
  const row = await db.selectFrom('boards').select(['id', 'revision']).where('sample_key', '=', EQUIPMENT_SAMPLE_KEY).executeTakeFirst();
  if (row) await new BoardReviews(db).submit(row.id, Number(row.revision), 'system');
}
