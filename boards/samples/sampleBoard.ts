import type { BoardDocumentInput } from '@shared/board/document';

/** Ids of the demo organisation the seed resolved from codes (meters M011…, departments PLANT…, sub-items POWER…). */
export interface SampleRefs {
  meter(code: string): number | undefined;
  department(code: string): number | undefined;
  subitem(code: string): number | undefined;
}

/** A board shipped with the product and seeded once on first start (boards.sample_key keeps it once). */
export interface SampleBoard {
  key: string;
  /** False when the board cannot be built from this database (its equipment meter is gone): skipped, not marked. */
  available?(refs: SampleRefs): boolean;
  build(refs: SampleRefs): BoardDocumentInput;
}
