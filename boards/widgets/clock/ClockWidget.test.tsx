// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import ClockWidget from './ClockWidget';
import { clockWidget } from './descriptor';

const props = (options: unknown) => ({
  options: clockWidget.options.parse(options),
  binding: {},
  title: '',
  width: 300,
  height: 120,
  scale: 1,
  theme: { mode: 'dark' as const, accent: '#3aa0ff' },
  channels: [],
  stale: false,
});

describe('clock widget', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 20, 5, 9, 400) }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ticks on the second with one timer, and clears it on unmount', () => {
    const view = render(
      <I18nextProvider i18n={createI18n('en')}>
        <ClockWidget {...props({ timeZone: 'UTC', showDate: false })} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('clock-time').textContent).toBe('20:05:09');
    expect(screen.queryByTestId('clock-date')).toBeNull();
    expect(vi.getTimerCount()).toBe(1);
    act(() => void vi.advanceTimersByTime(599));
    expect(screen.getByTestId('clock-time').textContent).toBe('20:05:09');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('clock-time').textContent).toBe('20:05:10');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('clock-time').textContent).toBe('20:06:10');
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
