import type { ColumnType, Generated } from 'kysely';
import type { productSchema } from '@shared/resources/products';
import type { productLineSchema } from '@shared/resources/productLines';
import type { productRecordSchema, OutputSource } from '@shared/resources/productRecords';
import type { StoredRow } from './resourceRow';

/** Table types of migration 0024_production; conventions as in schema.ts. */
export interface ProductionTables {
  products: StoredRow<typeof productSchema>;
  product_lines: StoredRow<typeof productLineSchema>;
  /** `source` is read-only in the API (manual for typed-in and imported rows), written by the output ingest. */
  product_records: StoredRow<typeof productRecordSchema> & { source: ColumnType<OutputSource, OutputSource | undefined, OutputSource> };
  product_line_meters: { id: Generated<number>; line_id: number; meter_id: number; ratio: number };
  production_baselines: {
    line_id: number;
    from_day: string;
    to_day: string;
    updated_by: number | null;
    updated_at: ColumnType<number, number, number>;
  };
}
