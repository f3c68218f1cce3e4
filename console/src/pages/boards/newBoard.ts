import { BOARD_SCHEMA_VERSION, type BoardDocument, type BoardPurpose } from '@shared/board/document';
import { issueField, validateBoard } from '@boards/validation/validateBoard';

/** Screens boards are usually drawn for; any other size is "custom". */
export const DESIGN_SIZE_PRESETS = [
  { key: '1920x1080', width: 1920, height: 1080 },
  { key: '3840x2160', width: 3840, height: 2160 },
  { key: '1366x768', width: 1366, height: 768 },
  { key: '2560x1080', width: 2560, height: 1080 },
] as const;
export type DesignSizeKey = (typeof DESIGN_SIZE_PRESETS)[number]['key'] | 'custom';

/** What the "New board" dialog asks. */
export interface NewBoardDraft {
  name: string;
  purpose: BoardPurpose;
  size: DesignSizeKey;
  /** Used when size is 'custom'. */
  width: number | null;
  height: number | null;
  /** Asked only for an equipment board: the meter it is about. */
  equipmentMeterId: number | null;
}

export const NEW_BOARD_DRAFT: NewBoardDraft = { name: '', purpose: 'general', size: '1920x1080', width: 1920, height: 1080, equipmentMeterId: null };

/** Rows the empty grid is cut into: 20 fill the design height, as on the sample boards. */
const ROWS_PER_SCREEN = 20;
const COLS = 24;

export function designSize(draft: Pick<NewBoardDraft, 'size' | 'width' | 'height'>): { width: number; height: number } {
  const preset = DESIGN_SIZE_PRESETS.find((candidate) => candidate.key === draft.size);
  return preset ? { width: preset.width, height: preset.height } : { width: Number(draft.width ?? 0), height: Number(draft.height ?? 0) };
}

/**
 * An empty board: the dark theme, 24 columns, a gap of 12 px per 1920 px of width, and rows sized so
 * 20 of them fill the design height (1920×1080 → 41 px rows).
 */
export function emptyBoardDocument(draft: NewBoardDraft): BoardDocument {
  const { width, height } = designSize(draft);
  const gap = Math.min(64, Math.max(4, Math.round((12 * width) / 1920)));
  const rowHeight = Math.min(1000, Math.max(4, Math.floor((height - gap) / ROWS_PER_SCREEN - gap)));
  return {
    schemaVersion: BOARD_SCHEMA_VERSION,
    meta: {
      name: draft.name.trim(),
      description: '',
      purpose: draft.purpose,
      code: '',
      equipmentMeterId: draft.purpose === 'equipment' ? draft.equipmentMeterId : null,
    },
    theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
    canvas: { designWidth: width, designHeight: height, scaleMode: 'fit' },
    elements: {},
    layout: { kind: 'grid', spec: { cols: COLS, rowHeight, gap, items: [] } },
  };
}

/** The draft field a document issue belongs to (meta.name → name, canvas.designWidth → width). */
const DRAFT_FIELD: Readonly<Record<string, keyof NewBoardDraft>> = {
  'meta.name': 'name',
  'meta.purpose': 'purpose',
  'meta.equipmentMeterId': 'equipmentMeterId',
  'canvas.designWidth': 'width',
  'canvas.designHeight': 'height',
};

/** The contract's messages under the dialog's fields; empty when the board may be created. */
export function newBoardErrors(draft: NewBoardDraft): Partial<Record<keyof NewBoardDraft, string>> {
  const result = validateBoard(emptyBoardDocument(draft));
  if (result.ok) return {};
  const errors: Partial<Record<keyof NewBoardDraft, string>> = {};
  for (const issue of result.issues) {
    const field = DRAFT_FIELD[issueField(issue.path)];
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
