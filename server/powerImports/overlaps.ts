import type { Kysely } from 'kysely';
import type { ImportRowError } from '@shared/powerImports/api';
import type { ImportKind } from '@shared/powerImports/constants';
import type { Database } from '../db/schema';
import type { FuelCandidate, PowerCandidate } from './readRows';
import { rowError } from './readRows';

type Candidate = PowerCandidate | FuelCandidate;

/** Periods of one object (and fuel) must not overlap: one value per object and time. */
const keyOf = (candidate: Candidate): string => `${candidate.object.objectKind}:${candidate.object.objectId}${'fuel' in candidate ? `:${candidate.fuel}` : ''}`;

function groups<C extends Candidate>(candidates: readonly C[]): Map<string, C[]> {
  const byKey = new Map<string, C[]>();
  for (const candidate of candidates) {
    const key = keyOf(candidate);
    const list = byKey.get(key);
    if (list) list.push(candidate);
    else byKey.set(key, [candidate]);
  }
  return byKey;
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/**
 * Rows of the file whose period overlaps an earlier-starting kept row of the same object: each is refused naming
 * that row's line; the first of them is kept.
 */
export function rejectDuplicatesInFile<C extends Candidate>(candidates: readonly C[]): { kept: C[]; errors: ImportRowError[] } {
  const kept: C[] = [];
  const errors: ImportRowError[] = [];
  for (const list of groups(candidates).values()) {
    const sorted = [...list].sort((a, b) => a.periodStart - b.periodStart || a.line - b.line);
    let last: C | null = null;
    for (const candidate of sorted) {
      // kept rows of a group never overlap, so sorted by start the last kept one has the latest end
      if (last && candidate.periodStart < last.periodEnd) {
        errors.push(
          rowError(candidate.line, 'duplicateInFile', `line ${last.line} already gives ${candidate.object.code || candidate.object.name} for this period`, {
            otherLine: last.line,
          }),
        );
      } else {
        kept.push(candidate);
        last = candidate;
      }
    }
  }
  return { kept: kept.sort(byLine), errors };
}

interface StoredPeriod {
  period_start: number;
  period_end: number;
  batch_id: number;
}

/** The first stored period ending after `start` (stored periods of one object are disjoint, so sorted by end too). */
function firstEndingAfter(stored: readonly StoredPeriod[], start: number): StoredPeriod | undefined {
  let low = 0;
  let high = stored.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (Number(stored[middle]!.period_end) > start) high = middle;
    else low = middle + 1;
  }
  return stored[low];
}

/** Rows whose period overlaps one an earlier batch already imported for the object (and fuel): refused naming that batch. */
export async function rejectOverlapsImported<C extends Candidate>(
  db: Kysely<Database>,
  kind: ImportKind,
  candidates: readonly C[],
): Promise<{ kept: C[]; errors: ImportRowError[] }> {
  const kept: C[] = [];
  const errors: ImportRowError[] = [];
  for (const list of groups(candidates).values()) {
    const first = list[0]!;
    // loops, not Math.min(...list): a spread of 100 000 arguments overflows the stack
    let from = first.periodStart;
    let to = first.periodEnd;
    for (const candidate of list) {
      if (candidate.periodStart < from) from = candidate.periodStart;
      if (candidate.periodEnd > to) to = candidate.periodEnd;
    }
    const stored = (
      kind === 'power'
        ? await db
            .selectFrom('imported_power')
            .select(['period_start', 'period_end', 'batch_id'])
            .where('object_kind', '=', first.object.objectKind)
            .where('object_id', '=', first.object.objectId)
            .where('period_start', '<', to)
            .where('period_end', '>', from)
            .orderBy('period_start')
            .execute()
        : await db
            .selectFrom('imported_fuel')
            .select(['period_start', 'period_end', 'batch_id'])
            .where('object_kind', '=', first.object.objectKind)
            .where('object_id', '=', first.object.objectId)
            .where('fuel', '=', (first as FuelCandidate).fuel)
            .where('period_start', '<', to)
            .where('period_end', '>', from)
            .orderBy('period_start')
            .execute()
    ).map((row) => ({ period_start: Number(row.period_start), period_end: Number(row.period_end), batch_id: Number(row.batch_id) }));
    for (const candidate of list) {
      const hit = firstEndingAfter(stored, candidate.periodStart);
      if (hit && hit.period_start < candidate.periodEnd) {
        errors.push(
          rowError(
            candidate.line,
            'overlapsImported',
            `import ${hit.batch_id} already holds ${candidate.object.code || candidate.object.name} for this period`,
            {
              otherBatchId: hit.batch_id,
            },
          ),
        );
      } else kept.push(candidate);
    }
  }
  return { kept: kept.sort(byLine), errors };
}
