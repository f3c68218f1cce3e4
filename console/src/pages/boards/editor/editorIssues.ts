import type { BoardDocument } from '@shared/board/document';

/**
 * Where a problem with the board lives, as the editor shows it: the widget it belongs to (selected and
 * outlined red), the inspector section, and the field under which the message goes.
 */
export type IssueSection =
  /** A widget option: `field` is the dotted option path ('icons.0.meterId'), as SchemaForm keys errors. */
  | 'options'
  /** A binding field ('meterIds'), as BindingPicker keys errors. */
  | 'binding'
  | 'title'
  /** The widget's grid placement: field x, y, w, h or element. */
  | 'layout'
  /** The widget as a whole (unknown type, options version). */
  | 'element'
  /** document.meta: name, description, purpose, code, equipmentMeterId. */
  | 'meta'
  /** Canvas, theme and grid: field 'canvas.designWidth', 'theme.background', 'grid.cols'. */
  | 'canvas'
  /** Anything else (the document as a whole). */
  | 'document';

export interface EditorIssue {
  elementId: string | null;
  section: IssueSection;
  field: string;
  message: string;
}

/** A VALIDATION_FAILED issue as the API sends it, or one from validateBoard spelled with issueField(). */
export interface FieldIssue {
  field: string;
  message: string;
}

const GRID_FIELDS = new Set(['cols', 'rowHeight', 'gap']);

/**
 * `document.elements.k1.options.icons.0.meterId` → {elementId 'k1', section 'options', field 'icons.0.meterId'};
 * `document.layout.spec.items.3.w` → the element placed by item 3, section 'layout', field 'w'. The
 * `document.` prefix is optional (route validation may spell it `body.document.`).
 */
export function mapIssue(issue: FieldIssue, document: Pick<BoardDocument, 'layout'>): EditorIssue {
  const parts = issue.field
    .replace(/^body\./, '')
    .replace(/^document\.?/, '')
    .split('.')
    .filter(Boolean);
  const { message } = issue;
  const [head, ...rest] = parts;
  if (head === 'elements' && rest[0] !== undefined) {
    const [elementId, section, ...path] = rest;
    if (section === 'options') return { elementId, section: 'options', field: path.join('.'), message };
    if (section === 'binding') return { elementId, section: 'binding', field: path[0] ?? '', message };
    if (section === 'title') return { elementId, section: 'title', field: 'title', message };
    return { elementId, section: 'element', field: section ?? '', message };
  }
  if (head === 'layout' && rest[0] === 'spec') {
    const [, key, index, field] = rest;
    if (key === 'items' && index !== undefined) {
      const item = document.layout.spec.items[Number(index)];
      return { elementId: item?.element ?? null, section: 'layout', field: field ?? '', message };
    }
    if (key !== undefined && GRID_FIELDS.has(key)) return { elementId: null, section: 'canvas', field: `grid.${key}`, message };
  }
  if (head === 'meta') return { elementId: null, section: 'meta', field: rest[0] ?? '', message };
  if ((head === 'canvas' || head === 'theme') && rest[0] !== undefined) return { elementId: null, section: 'canvas', field: `${head}.${rest[0]}`, message };
  return { elementId: null, section: 'document', field: parts.join('.'), message };
}

/** The messages of one widget's section keyed by field (the first per field), as SchemaForm/BindingPicker take them. */
export function sectionErrors(issues: readonly EditorIssue[], elementId: string | null, section: IssueSection): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.elementId === elementId && issue.section === section) errors[issue.field] ??= issue.message;
  }
  return errors;
}
