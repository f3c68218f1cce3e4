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
