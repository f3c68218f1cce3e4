// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import { subitemResource, type ImportMode, type ImportResult, type ResourceApi } from '@shared/resources';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../AppProviders';
import { ImportController } from './ImportController';
import { ImportDialog } from './ImportDialog';

beforeAll(() => {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});
afterEach(cleanup);

/** What the server answers for the file of server/resources/exchange.test.ts (two good rows, two bad). */
const checked = (mode: ImportMode, written = 0): ImportResult => ({
  mode,
  rows: 4,
  good: 2,
  bad: 2,
  written,
  columns: ['code', 'name', 'sort'],
  ignoredColumns: [],
  problems: [
    { line: 3, field: 'name', rule: 'required', reason: 'name: Please fill in this field' },
    { line: 5, field: 'code', rule: 'unique', reason: 'code "T-1" is already used' },
  ],
  preview: [
    { line: 2, cells: { code: 'T-1', name: 'One', sort: '1' } },
    { line: 3, cells: { code: 'T-2', name: '', sort: '2' } },
  ],
});

function fakeImport() {
  const calls: { mode: ImportMode; fileName: string }[] = [];
  const api: Pick<ResourceApi, 'importFile'> = {
    async importFile(_file, fileName, mode, onUpload) {
      calls.push({ mode, fileName });
      onUpload?.(0.5);
      onUpload?.(1);
      return checked(mode, mode === 'keepGood' ? 2 : 0);
    },
  };
  return { api, calls };
}

describe('ImportController', () => {
  it('checks the file first, then writes it in the chosen mode', async () => {
    const { api, calls } = fakeImport();
    const controller = new ImportController(api);
    const shares: number[] = [];
    const upload = controller.choose(new Blob(['code,name\n']), 'rows.csv');
    shares.push(controller.uploaded);
    await upload;
    expect(controller.phase).toBe('checked');
    expect(controller.checked?.problems).toHaveLength(2);
    expect((await controller.write('keepGood'))?.written).toBe(2);
    expect(controller.phase).toBe('done');
    expect(calls).toEqual([
      { mode: 'preview', fileName: 'rows.csv' },
      { mode: 'keepGood', fileName: 'rows.csv' },
    ]);
    expect(shares).toEqual([100]);
  });
});

describe('ImportDialog', { timeout: 30_000 }, () => {
  function renderDialog(language: 'en' | 'zh' | 'es') {
    const rootStore = new RootStore({
      language,
      persistence: { get: () => undefined, set: () => undefined, remove: () => undefined },
      adapter: fakeAdapter(() => ({ body: { code: 0, data: null, message: 'ok' } })),
    });
    const fake = fakeImport();
    let imported = 0;
    render(
      <AppProviders rootStore={rootStore}>
        <ImportDialog definition={subitemResource} api={fake.api} onClose={() => undefined} onImported={() => (imported += 1)} />
      </AppProviders>,
    );
    return { fake, imported: () => imported };
  }

  async function pick() {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['code,name\n'], 'rows.csv', { type: 'text/csv' })] } });
    return screen.findByTestId('import-problems');
  }

  it('lists each bad row with its line and reason, and keeps the good rows on request (English)', async () => {
    const { fake, imported } = renderDialog('en');
    const problems = await pick();
    expect(screen.getByTestId('import-summary').textContent).toBe('4 rows: 2 good, 2 with errors');
    const rows = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['3Name: Please fill in this field', '5Code: "T-1" is already used']);
    fireEvent.click(screen.getByTestId('import-keep-good'));
    await waitFor(() => expect(screen.getByTestId('import-outcome').textContent).toBe('2 rows imported'));
    expect(fake.calls.map((call) => call.mode)).toEqual(['preview', 'keepGood']);
    expect(imported()).toBe(1);
  });

  it('reads the rule and the server\'s "already used" in Chinese and Spanish', async () => {
    renderDialog('zh');
    let rows = within(await pick())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['3名称: 请填写此项', '5编码: “T-1”已被使用']);
    cleanup();
    renderDialog('es');
    rows = within(await pick())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['3Nombre: Rellene este campo', '5Código: «T-1» ya está en uso']);
    expect(screen.getByTestId('import-keep-good').textContent).toBe('Importar las 2 filas correctas');
  });
});
