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
  build(refs: SampleRefs): BoardDocumentInput;
}
