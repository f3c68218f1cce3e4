import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Imported against metered: tolerances and flagged differences. */
export function powerComparison(kind: DbKind) {
  void kind;
  return {
    async up(db: Kysely<any>): Promise<void> {
      void db;
    },
  };
}
