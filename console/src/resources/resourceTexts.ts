import type { TFunction } from 'i18next';
import type { FieldProblem } from '@shared/resources';

/** Catalogue lookups of the resource screens, in one place so the keys stay consistent. */
export const fieldLabel = (t: TFunction, name: string): string => t(`resources.fields.${name}`);
export const valueLabel = (t: TFunction, value: string): string => t(`resources.values.${value}`);
export const resourceName = (t: TFunction, name: string): string => t(`resources.names.${name}`);

/** A known rule reads from the catalogue; anything else (a server message) as it came. */
export const problemText = (t: TFunction, problem: FieldProblem): string =>
  problem.rule ? t(`resources.validation.${problem.rule}`) : problem.message;
