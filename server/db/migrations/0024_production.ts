import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Production lines: products, lines and their meters, output records, targets and baselines. */
export function production(kind: DbKind) {
  void kind;
  return {
    async up(db: Kysely<any>): Promise<void> {
      void db;
    },
  };
}
