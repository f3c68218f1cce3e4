import type { BoardElement } from '@shared/board/document';
import type { Registry } from '../registry';
import type { AnyWidgetDescriptor } from '../widgetDescriptor';

/** What the host can do with one element: render it, or explain in an error tile why not. */
export type ResolvedElement =
  | { kind: 'unknown'; type: string }
  | { kind: 'invalid'; descriptor: AnyWidgetDescriptor; issues: string[] }
  | { kind: 'ready'; descriptor: AnyWidgetDescriptor; options: Record<string, unknown>; channels: string[] };

/** Brings options from the element's version up to the descriptor's through its named migrations. */
export function migrateOptions(descriptor: AnyWidgetDescriptor, options: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  let migrated = options;
  for (let version = fromVersion; version < descriptor.version; version += 1) {
    const step = descriptor.migrations?.[version];
    if (step) migrated = step.up(migrated);
  }
  return migrated;
}

/**
 * Registry lookup, option migrations, the options schema and the descriptor's channels, with every
 * failure turned into data: a broken element becomes an error tile and never takes the board down.
 */
export function resolveElement(registry: Pick<Registry<AnyWidgetDescriptor>, 'get'>, element: BoardElement): ResolvedElement {
  const descriptor = registry.get(element.type);
  if (!descriptor) return { kind: 'unknown', type: element.type };
  let migrated: Record<string, unknown>;
  try {
    migrated = migrateOptions(descriptor, element.options, element.version);
  } catch (error) {
    return { kind: 'invalid', descriptor, issues: [`migration: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const parsed = descriptor.options.safeParse(migrated);
  if (!parsed.success) {
    return {
      kind: 'invalid',
      descriptor,
      issues: parsed.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'options'}: ${issue.message}`),
    };
  }
  const options = parsed.data as Record<string, unknown>;
  try {
    return { kind: 'ready', descriptor, options, channels: descriptor.channels(element.binding, options) };
  } catch (error) {
    return { kind: 'invalid', descriptor, issues: [`binding: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
