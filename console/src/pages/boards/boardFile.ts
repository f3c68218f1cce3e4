import type { BoardDocument } from '@shared/board/document';
import { issueField, validateBoard } from '@boards/validation/validateBoard';

/** A board file's problems, by field (`meta.name`, `elements.k1.options.digits`; empty for the file as a whole). */
export interface BoardFileIssue {
  field: string;
  message: string;
}

export type BoardFileReading = { ok: true; document: BoardDocument } | { ok: false; notJson: boolean; issues: BoardFileIssue[] };

/**
 * Reads an exported board (`<name>.board.json`): JSON, then the same check the server runs (shape
 * migrations, the document schema, every widget's options). Nothing is created from a file that fails.
 */
export function readBoardFile(text: string): BoardFileReading {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, notJson: true, issues: [{ field: '', message: error instanceof Error ? error.message : String(error) }] };
  }
  const result = validateBoard(raw);
  if (result.ok) return { ok: true, document: result.document };
  return { ok: false, notJson: false, issues: result.issues.map((issue) => ({ field: issueField(issue.path), message: issue.message })) };
}

/** `Energy: hall 1/2` → `Energy_ hall 1_2.board.json`: characters no file system takes are replaced. */
export function boardFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those no file system takes
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'board';
  return `${safe.slice(0, 100)}.board.json`;
}

/** The document as an indented JSON file the browser downloads. */
export function downloadBoardFile(document: BoardDocument, name: string, page: Document = window.document): void {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = page.createElement('a');
  link.href = url;
  link.download = boardFileName(name);
  link.style.display = 'none';
  page.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
