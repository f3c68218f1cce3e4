import { BOARD_SCHEMA_VERSION, boardDocumentSchema, type BoardDocument } from './document';

/** One change of the document's shape: from `from` to `from + 1`, with a name that says what changed. */
export interface BoardMigration {
  from: number;
  name: string;
  up(document: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Every shape change of the board document, oldest first. Version 1 is the first published shape, so
 * the list is empty today; a change adds one entry here and bumps BOARD_SCHEMA_VERSION.
 */
export const BOARD_MIGRATIONS: readonly BoardMigration[] = [];

export class BoardMigrationError extends Error {}

/**
 * Brings a stored or imported document up to BOARD_SCHEMA_VERSION (a document without schemaVersion
 * counts as 1). Returns the names of the migrations applied; throws on a document from a newer product.
 */
export function migrateBoardShape(
  raw: unknown,
  migrations: readonly BoardMigration[] = BOARD_MIGRATIONS,
  latest = BOARD_SCHEMA_VERSION,
): { document: Record<string, unknown>; applied: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BoardMigrationError('A board document is a JSON object');
  let document = { ...(raw as Record<string, unknown>) };
  let version = document.schemaVersion === undefined ? 1 : document.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new BoardMigrationError('schemaVersion must be a whole number ≥ 1');
  if (version > latest) throw new BoardMigrationError(`This board was saved by a newer version (schema ${version}; this server knows ${latest})`);
  const applied: string[] = [];
  while (version < latest) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) throw new BoardMigrationError(`No migration from board schema ${version}`);
    document = { ...step.up(document), schemaVersion: version + 1 };
    applied.push(step.name);
    version += 1;
  }
  return { document: { ...document, schemaVersion: latest }, applied };
}

/** Migrate, then validate: what the server stores and the kiosk renders. Throws the zod error on a bad document. */
export function parseBoardDocument(raw: unknown): BoardDocument {
  return boardDocumentSchema.parse(migrateBoardShape(raw).document);
}
