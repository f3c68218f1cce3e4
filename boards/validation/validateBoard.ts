import { boardDocumentSchema, type BoardDocument, type BoardElement } from '@shared/board/document';
import { BoardMigrationError, migrateBoardShape } from '@shared/board/migrations';
import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { widgetRegistry } from '../widgets';

/**
 * The one check every board goes through, on the server before it is stored and in the editor before it
 * is saved: shape migrations, the document schema, then each element against its widget's descriptor
 * (type known, options migrated to the descriptor's version, options parsed with defaults filled in).
 */

export type IssuePath = (string | number)[];

/** Where, what, and which rule (a zod issue code, or unknown_widget / migration / version). */
export interface BoardIssue {
  path: IssuePath;
  message: string;
  rule: string;
}

export type BoardValidation = { ok: true; document: BoardDocument; applied: string[] } | { ok: false; issues: BoardIssue[] };

/** What the check needs of a widget catalogue; the real one is boards/widgets `widgetRegistry`. */
export interface WidgetLookup {
  get(type: string): AnyWidgetDescriptor | undefined;
}

interface ElementResult {
  element: BoardElement;
  applied: string[];
  issues: BoardIssue[];
}

/** Runs the descriptor's option migrations from the element's version up to the descriptor's. */
function migrateOptions(
  elementId: string,
  element: BoardElement,
  descriptor: AnyWidgetDescriptor,
): { options: Record<string, unknown>; applied: string[]; issue?: BoardIssue } {
  const at = (key: string): IssuePath => ['elements', elementId, key];
  let options = element.options;
  const applied: string[] = [];
  if (element.version > descriptor.version) {
    return {
      options,
      applied,
      issue: {
        path: at('version'),
        rule: 'version',
        message: `Options version ${element.version} of "${descriptor.id}" is newer than this product knows (${descriptor.version})`,
      },
    };
  }
  for (let version = element.version; version < descriptor.version; version += 1) {
    const step = descriptor.migrations?.[version];
    if (!step)
      return {
        options,
        applied,
        issue: { path: at('version'), rule: 'migration', message: `No migration of "${descriptor.id}" options from version ${version}` },
      };
    try {
      options = step.up({ ...options });
    } catch (error) {
      return {
        options,
        applied,
        issue: {
          path: at('options'),
          rule: 'migration',
          message: `Migration "${step.name}" failed: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
    applied.push(`elements.${elementId}: ${step.name}`);
  }
  return { options, applied };
}

function checkElement(elementId: string, element: BoardElement, registry: WidgetLookup): ElementResult {
  const descriptor = registry.get(element.type);
  if (!descriptor) {
    return {
      element,
      applied: [],
      issues: [{ path: ['elements', elementId, 'type'], rule: 'unknown_widget', message: `Unknown widget type "${element.type}"` }],
    };
  }
  const applied: string[] = [];
  // A renamed type answers to its old id (registry alias); store the current one.
  if (descriptor.id !== element.type) applied.push(`elements.${elementId}: type "${element.type}" is now "${descriptor.id}"`);
  const migrated = migrateOptions(elementId, element, descriptor);
  applied.push(...migrated.applied);
  if (migrated.issue) return { element, applied, issues: [migrated.issue] };
  const parsed = descriptor.options.safeParse(migrated.options);
  if (!parsed.success) {
    return {
      element,
      applied,
      issues: parsed.error.issues.map((issue) => ({
        path: ['elements', elementId, 'options', ...issue.path.map(pathKey)],
        rule: issue.code,
        message: issue.message,
      })),
    };
  }
  return { element: { ...element, type: descriptor.id, version: descriptor.version, options: parsed.data as Record<string, unknown> }, applied, issues: [] };
}

const pathKey = (key: PropertyKey): string | number => (typeof key === 'number' ? key : String(key));

export function validateBoard(raw: unknown, registry: WidgetLookup = widgetRegistry): BoardValidation {
  let shaped: { document: Record<string, unknown>; applied: string[] };
  try {
    shaped = migrateBoardShape(raw);
  } catch (error) {
    if (!(error instanceof BoardMigrationError)) throw error;
    const path: IssuePath = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? ['schemaVersion'] : [];
    return { ok: false, issues: [{ path, rule: 'migration', message: error.message }] };
  }
  const parsed = boardDocumentSchema.safeParse(shaped.document);
  if (!parsed.success) {
    return { ok: false, issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(pathKey), rule: issue.code, message: issue.message })) };
  }
  const applied = [...shaped.applied];
  const issues: BoardIssue[] = [];
  const elements: Record<string, BoardElement> = {};
  for (const [elementId, element] of Object.entries(parsed.data.elements)) {
    const result = checkElement(elementId, element, registry);
    elements[elementId] = result.element;
    applied.push(...result.applied);
    issues.push(...result.issues);
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, document: { ...parsed.data, elements }, applied };
}

/** `elements.k1.options.unit`: the dotted form the API's VALIDATION_FAILED issues use (`field`). */
export function issueField(path: IssuePath, prefix = ''): string {
  return [prefix, ...path.map(String)].filter(Boolean).join('.');
}
