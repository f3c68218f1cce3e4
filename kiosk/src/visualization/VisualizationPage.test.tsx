// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelReaderProvider } from '@boards/runtime/channelReader';
import { FakeChannelReader } from '@boards/scene/fakeChannelReader.test-util';
import { directoryMeter } from '@boards/scene/fixtures.test-util';
import { createI18n } from '@shared/i18n/createI18n';
import VisualizationPage from './VisualizationPage';
import { wallScale } from './wallScale';

// No WebGL in jsdom: the canvas is stubbed, everything around it is real.
vi.mock('@boards/scene/PlantScene', () => ({
  PlantScene: (props: { tour: boolean; lapSeconds: number }) => <div data-testid="scene-probe">{`${props.tour} ${props.lapSeconds}`}</div>,
}));

function renderPage(language: 'en' | 'zh' | 'es', reader = new FakeChannelReader()) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={reader}>
        <VisualizationPage />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
  return reader;
}

describe('VisualizationPage', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('titles the page and the window, and touring by default', () => {
    const reader = renderPage('es');
    expect(document.title).toBe('Visualización de la planta - Pantalla de energía');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Visualización de la planta');
    act(() => reader.push({ 'meters:directory': { computedAt: 1, meters: [directoryMeter(1, 1)] } }));
    expect(screen.getByTestId('scene-probe').textContent).toBe('true 240');
  });

  it('pauses the tour with ?tour=off and takes a lap length from ?lap=', () => {
    window.history.replaceState(null, '', '/visualization?tour=off&lap=90');
    const reader = renderPage('zh');
    expect(document.title.startsWith('厂区三维可视化 - ')).toBe(true);
    act(() => reader.push({ 'meters:directory': { computedAt: 1, meters: [directoryMeter(1, 1)] } }));
    expect(screen.getByTestId('scene-probe').textContent).toBe('false 90');
  });

  it('scales text with the wall, never below 1', () => {
    expect(wallScale(1366, 768)).toBe(1);
    expect(wallScale(3840, 2160)).toBe(2);
    expect(wallScale(7680, 2160)).toBe(2);
  });
});
