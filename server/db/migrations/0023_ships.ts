import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Ship energy efficiency: ships, voyages and legs, fuel entries, fuel meters (filled in by the ships module). */
export function ships(kind: DbKind) {
  void kind;
  return {
    async up(db: Kysely<any>): Promise<void> {
      void db;
    },
  };
}
