/** What a key press asks of the editor; null for keys it leaves alone. */
export type EditorCommand = 'undo' | 'redo' | 'save' | 'remove' | 'duplicate' | 'deselect' | { nudge: [dx: number, dy: number] };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Focus is in a text field, select or editable element: its own keys win, except Ctrl+S. */
  inField: boolean;
}

const ARROWS: Readonly<Record<string, [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Ctrl+S, Ctrl+D, Delete/Backspace, Escape and arrows (Cmd on a Mac). */
export function editorCommand(press: KeyPress): EditorCommand | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (mod && !press.altKey && key === 's') return 'save';
  if (press.inField) return null;
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'd') return 'duplicate';
    return null;
  }
  if (press.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return 'remove';
  if (key === 'Escape') return 'deselect';
  const arrow = ARROWS[key];
  return arrow ? { nudge: arrow } : null;
}

/** Text inputs, selects and editable elements keep their own keys (typing Delete in a title must not delete the widget). */
export function isInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="combobox"], [role="spinbutton"], [role="slider"], .ant-select, .ant-picker, .ant-color-picker-panel'))
    return true;
  return false;
}
