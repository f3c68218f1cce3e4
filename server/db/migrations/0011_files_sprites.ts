import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Issue 8: files and sprites (helper S2 fills this in). */
export function filesSprites(_kind: DbKind) {
  return {
    async up(_db: Kysely<any>): Promise<void> {},
    async down(_db: Kysely<any>): Promise<void> {},
  };
}
