import { describe, expect, it } from 'vitest';
import { boardMetaSchema } from '@shared/board/document';
import { displaysEn } from '@shared/i18n/locales/displays/en';
import { boardFileName, readBoardFile } from './boardFile';
import { editedBoardId, editorPath } from './editorRoute';
import { emptyBoardDocument, NEW_BOARD_DRAFT, newBoardErrors } from './newBoard';

describe('new board', () => {
  it('draws an empty board at the preset size with 20 rows filling the height', () => {
    const document = emptyBoardDocument({ ...NEW_BOARD_DRAFT, name: ' Hall 2 ', purpose: 'energy' });
    expect(document.meta).toEqual({ name: 'Hall 2', description: '', purpose: 'energy', code: '', equipmentMeterId: null });
    expect(document.canvas).toEqual({ designWidth: 1920, designHeight: 1080, scaleMode: 'fit' });
    expect(document.layout.spec).toEqual({ cols: 24, rowHeight: 41, gap: 12, items: [] });
    expect(emptyBoardDocument({ ...NEW_BOARD_DRAFT, name: 'Wall', size: '3840x2160' }).layout.spec).toEqual({ cols: 24, rowHeight: 82, gap: 24, items: [] });
    expect(emptyBoardDocument({ ...NEW_BOARD_DRAFT, name: 'Laptop', size: '1366x768' }).layout.spec).toEqual({ cols: 24, rowHeight: 28, gap: 9, items: [] });
    expect(emptyBoardDocument({ ...NEW_BOARD_DRAFT, name: 'Strip', size: 'custom', width: 7680, height: 1080 }).canvas).toEqual({
      designWidth: 7680,
      designHeight: 1080,
      scaleMode: 'fit',
    });
  });

  it('says what is missing under the dialog fields, in the contract words', () => {
    expect(newBoardErrors(NEW_BOARD_DRAFT)).toEqual({ name: displaysEn.rules.boardName });
    expect(newBoardErrors({ ...NEW_BOARD_DRAFT, name: 'Hall', purpose: 'equipment' })).toEqual({ equipmentMeterId: displaysEn.rules.equipmentMeter });
    expect(newBoardErrors({ ...NEW_BOARD_DRAFT, name: 'Hall', purpose: 'equipment', equipmentMeterId: 11 })).toEqual({});
    expect(newBoardErrors({ ...NEW_BOARD_DRAFT, name: 'Hall', size: 'custom', width: 200, height: 20000 })).toEqual({
      width: 'Too small: expected number to be >=320',
      height: 'Too big: expected number to be <=15360',
    });
  });

  it('keeps the catalogue words equal to the document contract', () => {
    const result = boardMetaSchema.safeParse({ name: ' ', purpose: 'equipment' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([displaysEn.rules.boardName, displaysEn.rules.equipmentMeter]);
  });
});

describe('board files', () => {
  it('names the file after the board, without characters file systems refuse', () => {
    expect(boardFileName('Energy: hall 1/2')).toBe('Energy_ hall 1_2.board.json');
    expect(boardFileName('   ')).toBe('board.board.json');
  });

  it('reads an exported board back to the same document', () => {
    const document = emptyBoardDocument({ ...NEW_BOARD_DRAFT, name: 'Hall 2' });
    expect(readBoardFile(JSON.stringify(document, null, 2))).toEqual({ ok: true, document });
  });

  it('refuses a newer schema with the reason on schemaVersion', () => {
    const reading = readBoardFile(JSON.stringify({ schemaVersion: 9, meta: { name: 'x' } }));
    expect(reading).toEqual({
      ok: false,
      notJson: false,
      issues: [{ field: 'schemaVersion', message: 'This board was saved by a newer version (schema 9; this server knows 1)' }],
    });
  });
});

describe('editor address', () => {
  it('reads the edited board from ?edit=<id>, and nothing else', () => {
    expect(editorPath(12)).toBe('/settings/boardConfig?edit=12');
    expect(editedBoardId('?edit=12')).toBe(12);
    for (const search of ['', '?edit=', '?edit=0', '?edit=-3', '?edit=1e3', '?edit=abc', '?tab=edit']) expect(editedBoardId(search)).toBeNull();
  });
});
