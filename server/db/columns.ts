import type { CreateTableBuilder } from 'kysely';
import type { DbKind } from './connect';

/** An auto-numbered integer primary key, spelled the way each engine wants it. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DbKind): CreateTableBuilder<T, 'id'> {
  return kind === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** 0/1 flags on both engines. */
export const flag = (value: boolean): number => (value ? 1 : 0);
export const isSet = (value: number | null | undefined): boolean => value === 1;
