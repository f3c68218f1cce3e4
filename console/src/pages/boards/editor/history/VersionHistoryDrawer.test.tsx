// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardVersionsApi } from '@shared/api/boardVersionsApi';
import { formatDateTime } from '@shared/format';
import type { BoardRecord, BoardVersionSummary } from '@shared/schemas/boards';
import { renderInConsole } from '../options/renderInConsole.test-util';
import { editedBoard, savedBoard } from './historyFixtures.test-util';
import { VersionHistoryDrawer } from './VersionHistoryDrawer';

const SAVED_AT = Date.UTC(2026, 10, 20, 8, 30);
const versions: BoardVersionSummary[] = [
  { revision: 1, name: 'Boiler house', savedAt: SAVED_AT - 86_400_000, savedBy: 'ada', note: 'created' },
  { revision: 3, name: 'Boiler house', savedAt: SAVED_AT + 3_600_000, savedBy: 'ben', note: 'restored from 1' },
  { revision: 2, name: 'Boiler house', savedAt: SAVED_AT, savedBy: '<i>carl</i>', note: 'saved' },
];

function fakeApi() {
  const calls: string[] = [];
  const restored = { id: 5, revision: 4, name: 'Boiler house', document: savedBoard() } as BoardRecord;
  const api: BoardVersionsApi = {
    boardVersions: async (id) => (calls.push(`boardVersions ${id}`), versions),
    boardVersion: async (id, revision) => (
      calls.push(`boardVersion ${id} ${revision}`),
      { ...versions.find((v) => v.revision === revision)!, document: savedBoard() }
    ),
    restoreBoardVersion: async (id, revision, current) => (calls.push(`restoreBoardVersion ${id} ${revision} ${current}`), restored),
  };
  return { api, calls, restored };
}

function renderDrawer(dirty: boolean, language: 'en' | 'es' = 'en') {
  const { api, calls, restored } = fakeApi();
  const onRestored = vi.fn();
  const onClose = vi.fn();
  renderInConsole(
    <VersionHistoryDrawer
      open
      boardId={5}
      current={{ document: editedBoard(), revision: 3 }}
      dirty={dirty}
      api={api}
      onRestored={onRestored}
      onClose={onClose}
    />,
    language,
  );
  return { calls, restored, onRestored, onClose };
}

describe('VersionHistoryDrawer', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists the versions newest first with who and when, the current one tagged and not restorable', async () => {
    const { calls } = renderDrawer(false);
    const newest = await screen.findByTestId('history-version-3');
    const rows = [...document.querySelectorAll('[data-testid^="history-version-"]')].map((row) => row.getAttribute('data-testid'));
    expect(rows).toEqual(['history-version-3', 'history-version-2', 'history-version-1']);
    expect(within(newest).getByText('Current')).toBeTruthy();
    expect(within(newest).getByText('Restored from revision 1')).toBeTruthy();
    expect(screen.queryByTestId('history-restore-3')).toBeNull();
    const second = screen.getByTestId('history-version-2');
    expect(within(second).getByText(`<i>carl</i> · ${formatDateTime(SAVED_AT)}`)).toBeTruthy();
    expect(second.querySelector('i')).toBeNull();
    expect(within(second).queryByText('Current')).toBeNull();
    expect(calls).toEqual(['boardVersions 5']);
  });

  it('compares a version with the editor’s document as readable text', async () => {
    const { calls } = renderDrawer(false);
    fireEvent.click(await screen.findByTestId('history-compare-2'));
    const diff = await screen.findByTestId('history-diff');
    expect(calls).toEqual(['boardVersions 5', 'boardVersion 5 2']);
    expect(within(diff).getByText('From revision 2 to the current board')).toBeTruthy();
    const lines = [...diff.querySelectorAll('li')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Board: Name: Boiler house → Boiler house <b>north</b>',
      'Board: Accent colour: #3aa0ff → #ff8800',
      'Board: Row height: 40 → 12',
      'Gauge “Boiler load” moved or resized: column 0, row 0, 4×6 → column 0, row 2, 5×6',
      'Gauge “Boiler load”: Maximum: 100 → 120',
      'Gauge “Boiler load”: Bad values are: Above the bands → Below the bands',
      'Gauge “Boiler load”: Meters: 11 → 11, 12',
      'Added Text “Shift note”',
      'Mimic view “plant”: Device icons 1 › Across (%): 10 → 15',
      'Mimic view “plant”: Device icons 2: {"meterId":12,"x":30,"y":40} → empty',
      'Removed Clock “Local time”',
    ]);
    // Values are text, never markup.
    expect(diff.querySelector('b')).toBeNull();
  });

  it('restores a version on top of the current revision after a warning about unsaved edits', async () => {
    const { calls, restored, onRestored } = renderDrawer(true, 'es');
    fireEvent.click(await screen.findByTestId('history-restore-2'));
    expect(await screen.findByText('¿Restaurar la revisión 2?')).toBeTruthy();
    expect(screen.getByText('Se perderán los cambios sin guardar.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('history-restore-confirm'));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(restored));
    expect(calls).toEqual(['boardVersions 5', 'restoreBoardVersion 5 2 3']);
    expect(await screen.findByText('Revisión 2 restaurada como revisión 4')).toBeTruthy();
  });

  it('asks without the warning when there is nothing unsaved, and does nothing when cancelled', async () => {
    const { calls, onRestored } = renderDrawer(false);
    fireEvent.click(await screen.findByTestId('history-restore-1'));
    expect(await screen.findByText('It is saved as a new revision; no version is lost.')).toBeTruthy();
    expect(screen.queryByText('Your unsaved edits will be lost.')).toBeNull();
    fireEvent.click(screen.getByText('Cancel'));
    expect(onRestored).not.toHaveBeenCalled();
    expect(calls).toEqual(['boardVersions 5']);
  });
});
