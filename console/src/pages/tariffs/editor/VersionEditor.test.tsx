// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import type { TariffVersion, TariffVersionBody } from '@shared/schemas/tariffs';
import type { TariffDefinition } from '@shared/tariffs';
import { installBrowserGaps } from '../../../testing/renderConsole.test-util';
import { VersionDraft } from './VersionDraft';
import { VersionEditor } from './VersionEditor';

/** One season over the year; the workday leaves 08:00–09:00 uncovered; peak 1.0 against valley 0.4 is 2.5:1. */
const withGap = (): TariffDefinition => ({
  prices: { peak: '1.0', valley: '0.4' },
  seasons: [
    {
      name: 'Summer',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '00:00', to: '08:00', band: 'valley' },
          { from: '09:00', to: '24:00', band: 'peak' },
        ],
      },
    },
  ],
  tiers: [],
});

function renderEditor(draft: VersionDraft, options: { language?: Language; send?: (body: TariffVersionBody) => Promise<TariffVersion> } = {}) {
  const saved: TariffVersion[] = [];
  render(
    <I18nextProvider i18n={createI18n(options.language ?? 'en')}>
      <App>
        <VersionEditor
          draft={draft}
          title="Version"
          currency="CNY"
          send={options.send ?? (() => Promise.reject(new Error('not sent')))}
          onSaved={(version) => saved.push(version)}
          onCancel={() => undefined}
        />
      </App>
    </I18nextProvider>,
  );
  return saved;
}

const saveButton = () => screen.getByTestId('version-save').closest('button')!;

describe('VersionEditor: the rules as the version is typed', { timeout: 30_000 }, () => {
  beforeAll(installBrowserGaps);
  afterEach(cleanup);

  it('shows the tiling error of a gap under the layout and holds the save; the 3:1 guidance is an amber warning only', async () => {
    const draft = new VersionDraft({ validFrom: '2026-07-01', validTo: null, note: '', definition: withGap() });
    renderEditor(draft);
    expect(screen.getByTestId('layout-0-workday-error').textContent).toBe('Workday bands of season Summer leave 08:00–09:00 uncovered');
    expect(screen.getByTestId('version-errors').textContent).toContain('Workday bands of season Summer leave 08:00–09:00 uncovered');
    expect(screen.getByTestId('layout-0-workday-bar-gap').title).toBe('Gap 08:00–09:00');
    // peak 1.000000 / valley 0.400000 = 2.50
    expect(screen.getByTestId('version-warnings').textContent).toBe('The peak:valley price ratio is 2.50:1, under the 3:1 national guidance');
    expect(saveButton().disabled).toBe(true);

    // Closing the gap clears the error and frees the save; the warning stays, and does not block.
    act(() => draft.setSpan(0, 'workday', 1, { from: '08:00' }));
    await waitFor(() => expect(screen.queryByTestId('layout-0-workday-error')).toBeNull());
    expect(screen.queryByTestId('version-errors')).toBeNull();
    expect(screen.getByTestId('version-warnings').textContent).toContain('2.50:1');
    expect(saveButton().disabled).toBe(false);

    // Peak 1.2 against valley 0.4 is exactly 3:1: no warning.
    fireEvent.change(screen.getByTestId('price-peak'), { target: { value: '1.2' } });
    await waitFor(() => expect(screen.queryByTestId('version-warnings')).toBeNull());
  });

  it('checks a price with the shared 6-decimal rule and a used band without a price', async () => {
    const draft = new VersionDraft({ validFrom: '2026-07-01', validTo: null, note: '', definition: withGap() });
    renderEditor(draft);
    fireEvent.change(screen.getByTestId('price-flat'), { target: { value: '0.1234567' } });
    await waitFor(() => expect(screen.getByTestId('price-flat-error').textContent).toBe('Enter a price with at most 6 decimals'));
    fireEvent.change(screen.getByTestId('price-flat'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('price-valley'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('price-valley-error').textContent).toBe('Valley is used in season Summer but has no price'));
    expect(screen.queryByTestId('price-flat-error')).toBeNull();
  });

  it('says the gap and the ratio in Chinese, with the bands and day types named as the grid does', () => {
    const draft = new VersionDraft({ validFrom: '2026-07-01', validTo: null, note: '', definition: withGap() });
    renderEditor(draft, { language: 'zh' });
    expect(screen.getByTestId('layout-0-workday-error').textContent).toBe('季节 Summer 的工作日时段未覆盖 08:00–09:00');
    expect(screen.getByTestId('version-warnings').textContent).toBe('峰谷价比为 2.50:1，低于国家 3:1 的指导要求');
    expect(screen.getByTestId('season-0-tab-workday').textContent).toContain('工作日');
  });

  it('copies the workday layout to the weekend, and falls back again on request', async () => {
    const draft = new VersionDraft({ validFrom: '2026-07-01', validTo: null, note: '', definition: withGap() });
    renderEditor(draft);
    fireEvent.click(screen.getByTestId('season-0-tab-weekend'));
    expect((await screen.findByTestId('layout-0-weekend')).textContent).toContain('Uses the Workday layout');
    fireEvent.click(screen.getByTestId('layout-0-weekend-copy'));
    await waitFor(() => expect(draft.hasOwnLayout(0, 'weekend')).toBe(true));
    expect(draft.definition.seasons[0]!.layouts.weekend).toEqual(draft.definition.seasons[0]!.layouts.workday);
    // The copy has the workday's gap too, and says so under its own table.
    expect(screen.getByTestId('layout-0-weekend-error').textContent).toBe('Weekend bands of season Summer leave 08:00–09:00 uncovered');
    fireEvent.click(screen.getByTestId('layout-0-weekend-drop'));
    await waitFor(() => expect(draft.hasOwnLayout(0, 'weekend')).toBe(false));
  });

  it("puts the server's 40000 issues under their fields and says PERIOD_CLOSED on top", async () => {
    const definition = withGap();
    definition.seasons[0]!.layouts.workday[1]!.from = '08:00';
    const draft = new VersionDraft({ validFrom: '2026-07-01', validTo: null, note: '', definition });
    const refusals = [
      new ApiError(
        ErrorCode.VALIDATION_FAILED,
        'definition.prices.peak: The price 1.0 is not a number of at least 0',
        { issues: [{ field: 'body.definition.prices.peak', rule: 'custom', message: 'The price 1.0 is not a number of at least 0' }] },
        400,
      ),
      new ApiError(ErrorCode.PERIOD_CLOSED, 'This month is closed for settlement; reopen it with a reason before changing its figures', null, 409),
    ];
    renderEditor(draft, { language: 'es', send: () => Promise.reject(refusals.shift()!) });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('price-peak-error').textContent).toBe('El precio 1.0 no es un número mayor o igual que 0'));
    // An edit makes the refusal stale.
    fireEvent.change(screen.getByTestId('version-note'), { target: { value: 'tweak' } });
    await waitFor(() => expect(screen.queryByTestId('price-peak-error')).toBeNull());
    fireEvent.click(saveButton());
    const failure = await screen.findByTestId('version-failure');
    expect(failure.textContent).toContain('Cambiaría un mes ya liquidado');
    expect(failure.textContent).toContain('Este mes está cerrado para la liquidación');
  });
});
