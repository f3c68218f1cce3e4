import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Imported power and fuel data: import batches and rows, fuel conversion factors. */
export function powerImports(kind: DbKind) {
  void kind;
  return {
    async up(db: Kysely<any>): Promise<void> {
      void db;
    },
  };
}
