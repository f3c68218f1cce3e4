import type { TFunction } from 'i18next';
import type { EditorIssue } from './editorIssues';

/** The inspector label of a board or canvas field an issue names ('meta' code → "Code", 'canvas' grid.cols → "Columns"). */
const META_LABELS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  purpose: 'purpose',
  code: 'code',
  equipmentMeterId: 'equipment',
};
const CANVAS_LABELS: Readonly<Record<string, string>> = {
  'canvas.designWidth': 'designWidth',
  'canvas.designHeight': 'designHeight',
  'canvas.scaleMode': 'scaleMode',
  'theme.mode': 'themeMode',
  'theme.background': 'background',
  'theme.accent': 'accent',
  'theme.backgroundImage': 'backgroundImage',
  'grid.cols': 'cols',
  'grid.rowHeight': 'rowHeight',
  'grid.gap': 'gap',
};
const PLACEMENT = new Set(['x', 'y', 'w', 'h']);

/** What the issue list calls the field: its inspector label where there is one, else the option path as written. */
export function issueFieldLabel(t: TFunction, issue: EditorIssue): string {
  const { section, field } = issue;
  if (section === 'meta' && META_LABELS[field]) return t(`boardEditor.boardFields.${META_LABELS[field]}`);
  if (section === 'canvas' && CANVAS_LABELS[field]) return t(`boardEditor.canvasFields.${CANVAS_LABELS[field]}`);
  if (section === 'title') return t('boardEditor.inspector.title');
  if (section === 'layout') return PLACEMENT.has(field) ? t(`boardEditor.inspector.${field}`) : t('boardEditor.inspector.placement');
  if (section === 'binding') return t(`boardFields.binding.${field}`, { defaultValue: field });
  return field;
}
