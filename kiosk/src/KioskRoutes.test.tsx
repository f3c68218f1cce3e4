// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import { KioskRoutes } from './KioskRoutes';

function renderKiosk(path: string, language: Language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter initialEntries={[path]}>
        <KioskRoutes />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('kiosk routes', () => {
  afterEach(cleanup);

  it('shows the board id full screen', () => {
    renderKiosk('/dash/1');
    expect(screen.getByTestId('kiosk-root').textContent).toContain('Board 1');
    expect(document.title).toBe('Board 1 - Energy Kiosk');
  });

  it('translates the board title', () => {
    renderKiosk('/dash/12', 'es');
    expect(screen.getByTestId('kiosk-root').textContent).toContain('Tablero 12');
  });

  it('has a visualization placeholder', () => {
    renderKiosk('/visualization', 'zh');
    expect(screen.getByTestId('kiosk-root').textContent).toContain('可视化');
  });
});
