import type { TFunction } from 'i18next';
import type { FieldProblem, ResourceDefinition } from '@shared/resources';

type Named = Pick<ResourceDefinition, 'name'>;

/**
 * Catalogue lookups of the resource screens, in one place so the keys stay consistent. A resource's own
 * texts are `resources.items.<name>` (from its definition's texts file); shared ones sit beside them.
 */
export const fieldLabel = (t: TFunction, definition: Named, field: string): string => t(`resources.items.${definition.name}.fields.${field}`);
export const valueLabel = (t: TFunction, definition: Named, value: string): string =>
  t([`resources.items.${definition.name}.values.${value}`, `resources.values.${value}`]);
export const resourceName = (t: TFunction, definition: Named): string => t(`resources.items.${definition.name}.name`);

/** A known rule reads from the catalogue; anything else (a server message) as it came. */
export const problemText = (t: TFunction, problem: Pick<FieldProblem, 'rule' | 'message'>): string =>
  problem.rule ? t(`resources.validation.${problem.rule}`) : problem.message;

/**
 * The search box's placeholder (beside its magnifier): the labels of the fields the keyword is matched against (`search: true`),
 * joined with the language's "or"; with more than two, the first two and a mark that there are more.
 */
export function searchPlaceholder(t: TFunction, definition: Pick<ResourceDefinition, 'name' | 'fields'>, language: string): string {
  const searched = definition.fields.filter((field) => field.search).map((field) => fieldLabel(t, definition, field.name));
  if (searched.length > 2) return t('resources.actions.searchByMore', { first: searched[0], second: searched[1] });
  return t('resources.actions.searchBy', { fields: new Intl.ListFormat(language, { type: 'disjunction' }).format(searched) });
}
