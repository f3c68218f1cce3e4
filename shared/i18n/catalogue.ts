import type { en } from './locales/en';

/** Same keys as T, every leaf a string: what zh and es must match. */
export type CatalogueShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueShape<T[K]> };

export type Catalogue = CatalogueShape<typeof en>;
