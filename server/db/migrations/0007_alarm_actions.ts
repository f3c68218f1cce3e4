import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Alarm action log (issue 5): filled in by the alarm-server work. */
export function alarmActions(_kind: DbKind) {
  return {
    async up(_db: Kysely<any>): Promise<void> {},
    async down(_db: Kysely<any>): Promise<void> {},
  };
}
