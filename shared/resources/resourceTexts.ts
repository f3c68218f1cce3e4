/** The languages every resource is written in (the console's, shared/i18n/language.ts). */
export const RESOURCE_LANGUAGES = ['en', 'zh', 'es'] as const;
export type ResourceLanguage = (typeof RESOURCE_LANGUAGES)[number];

/** One language's texts of one resource: its name (in "Add {{name}}"), a label per field, a label per enum value. */
export interface ResourceLanguageTexts {
  name: string;
  fields: Readonly<Record<string, string>>;
  values?: Readonly<Record<string, string>>;
}

export type ResourceTexts = Readonly<Record<ResourceLanguage, ResourceLanguageTexts>>;

type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/**
 * A resource's texts in one file, English first: zh and es must hold exactly its keys (the compiler
 * says which is missing), so a new resource brings its strings in one place and no catalogue is edited.
 */
export const defineTexts = <const E extends ResourceLanguageTexts>(texts: { en: E; zh: SameKeys<E>; es: SameKeys<E> }): ResourceTexts => texts as ResourceTexts;

/** Value labels every resource shares: flags read Yes/No, an `online` flag Online/Offline. */
export const COMMON_VALUE_TEXTS: Readonly<Record<ResourceLanguage, { yes: string; no: string; online: string; offline: string }>> = {
  en: { yes: 'Yes', no: 'No', online: 'Online', offline: 'Offline' },
  zh: { yes: '是', no: '否', online: '在线', offline: '离线' },
  es: { yes: 'Sí', no: 'No', online: 'En línea', offline: 'Sin conexión' },
};

export const isResourceLanguage = (value: unknown): value is ResourceLanguage => RESOURCE_LANGUAGES.includes(value as ResourceLanguage);
