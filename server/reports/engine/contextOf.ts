import type { Storage } from '../../db/connect';
import type { OwnerScope } from '../../tenancy/ownerScope';
import type { ReportContext } from './reportContext';

/** The context a report of this caller's tree is computed in (runs, schedules and links build theirs the same way). */
export function reportContextOf(storage: Storage, scope: OwnerScope, timeZone: string): ReportContext {
  return {
    db: storage.db,
    dbKind: storage.kind,
    sqlite: storage.sqlite,
    owners: scope.all ? 'all' : [...scope.owners],
    timeZone,
  };
}
