import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Production devices: equipment with meters, rated power and state thresholds. */
export function productionDevices(kind: DbKind) {
  void kind;
  return {
    async up(db: Kysely<any>): Promise<void> {
      void db;
    },
  };
}
