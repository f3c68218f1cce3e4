import type { Kysely } from 'kysely';
import type { ImportObjectRef } from '@shared/powerImports/api';
import type { ImportObjectKind } from '@shared/powerImports/constants';
import type { Database } from '../db/schema';
import { ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';

/**
 * The meters and departments an import may name, by code and by id: those of the importing tree only. An
 * administrator imports into its own tree too (codes are unique within a tree, not across trees).
 */
export class ImportObjects {
  private constructor(
    private readonly byCodeMap: Map<string, ImportObjectRef>,
    private readonly byIdMap: Map<string, ImportObjectRef>,
  ) {}

  static async load(db: Kysely<Database>, scope: OwnerScope): Promise<ImportObjects> {
    const tree = scope.all ? await ownerTreeOf(db, scope.home) : scope;
    const owners = tree.owners.size ? [...tree.owners] : [-1];
    const [meters, departments] = await Promise.all([
      db.selectFrom('meters').select(['id', 'code', 'name']).where('owner_user_id', 'in', owners).execute(),
      db.selectFrom('departments').select(['id', 'code', 'name']).where('owner_user_id', 'in', owners).execute(),
    ]);
    const byCode = new Map<string, ImportObjectRef>();
    const byId = new Map<string, ImportObjectRef>();
    const add = (objectKind: ImportObjectKind, rows: { id: number; code: string; name: string }[]) => {
      for (const row of rows) {
        const ref: ImportObjectRef = { objectKind, objectId: Number(row.id), code: row.code, name: row.name };
        byId.set(`${objectKind}:${ref.objectId}`, ref);
        if (row.code.trim() !== '') byCode.set(`${objectKind}:${row.code.trim().toLowerCase()}`, ref);
      }
    };
    add('meter', meters);
    add('department', departments);
    return new ImportObjects(byCode, byId);
  }

  /** A code as the file writes it (case and surrounding spaces aside). */
  byCode(kind: ImportObjectKind, code: string): ImportObjectRef | null {
    return this.byCodeMap.get(`${kind}:${code.trim().toLowerCase()}`) ?? null;
  }

  byId(kind: ImportObjectKind, id: number): ImportObjectRef | null {
    return this.byIdMap.get(`${kind}:${id}`) ?? null;
  }
}
