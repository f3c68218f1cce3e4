import type { Binding } from '@shared/board/document';
import type { BindingField } from '@boards/widgetDescriptor';

/** The picker's order, whatever order a descriptor lists its fields in: what is shown, then how. */
export const BINDING_FIELD_ORDER: readonly BindingField[] = ['meterIds', 'departmentIds', 'subitemIds', 'metric', 'energyType', 'grain', 'periods'];

/** Periods a binding may ask for (bindingSchema). */
export const MIN_PERIODS = 1;
export const MAX_PERIODS = 400;

/** Which resource list feeds an id field. */
export const LIST_OF_FIELD = { meterIds: 'meters', departmentIds: 'departments', subitemIds: 'subitems' } as const;

/**
 * The binding with one field set. Clearing a field (undefined, null, '' or no ids) removes it, so the
 * widget's own default applies and the document stays free of empty keys.
 */
export function setBindingField<F extends BindingField>(binding: Binding, field: F, next: Binding[F] | null | undefined): Binding {
  const { [field]: _previous, ...rest } = binding;
  const empty = next === undefined || next === null || next === '' || (Array.isArray(next) && next.length === 0);
  return empty ? rest : { ...rest, [field]: next };
}
