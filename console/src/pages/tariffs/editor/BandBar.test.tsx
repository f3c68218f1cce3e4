// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import { BAND_COLOURS, type BandSpan } from '@shared/tariffs';
import { BandBar } from './BandBar';

/** '#e8453c' → 'rgb(232, 69, 60)', as the browser reports an inline colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

function renderBar(spans: BandSpan[], language: Language = 'en') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <BandBar spans={spans} testId="bar" />
    </I18nextProvider>,
  );
  return screen.getAllByTestId('bar-segment').map((segment) => ({
    band: segment.dataset.band,
    left: segment.style.left,
    width: segment.style.width,
    colour: segment.style.background || segment.style.backgroundColor,
    label: segment.textContent,
    title: segment.title,
  }));
}

describe('BandBar: a day layout as a 24-hour bar', () => {
  afterEach(cleanup);

  it('draws each span at its share of the day in its band colour, labelled, with the edges in HH:MM', () => {
    // A Jiangsu-like workday: valley 00:00–08:00, peak 08:00–11:00, flat 11:00–17:00, sharp 17:00–18:30, peak 18:30–22:00, valley 22:00–24:00.
    const segments = renderBar([
      { from: '00:00', to: '08:00', band: 'valley' },
      { from: '08:00', to: '11:00', band: 'peak' },
      { from: '11:00', to: '17:00', band: 'flat' },
      { from: '17:00', to: '18:30', band: 'sharp' },
      { from: '18:30', to: '22:00', band: 'peak' },
      { from: '22:00', to: '24:00', band: 'valley' },
    ]);
    // 8 h of 24 = 33.3333 %, 3 h = 12.5 %, 6 h = 25 %, 1.5 h = 6.25 %, 3.5 h = 14.5833 %, 2 h = 8.3333 %.
    expect(segments.map(({ band, left, width }) => [band, left, width])).toEqual([
      ['valley', '0%', '33.3333%'],
      ['peak', '33.3333%', '12.5%'],
      ['flat', '45.8333%', '25%'],
      ['sharp', '70.8333%', '6.25%'],
      ['peak', '77.0833%', '14.5833%'],
      ['valley', '91.6667%', '8.3333%'],
    ]);
    expect(segments.map((segment) => segment.colour)).toEqual(
      [BAND_COLOURS.valley, BAND_COLOURS.peak, BAND_COLOURS.flat, BAND_COLOURS.sharp, BAND_COLOURS.peak, BAND_COLOURS.valley].map(rgb),
    );
    // Wide spans carry their band's name; the 1.5 h sharp span only its tooltip.
    expect(segments.map((segment) => segment.label)).toEqual(['Valley', 'Peak', 'Flat', '', 'Peak', 'Valley']);
    expect(segments[3]!.title).toBe('Sharp peak 17:00–18:30');
    expect(screen.getAllByTestId('bar-edge').map((edge) => edge.textContent)).toEqual(['00:00', '08:00', '11:00', '17:00', '18:30', '22:00', '24:00']);
    expect(screen.queryByTestId('bar-gap')).toBeNull();
    expect(screen.queryByTestId('bar-overlap')).toBeNull();
  });

  it('draws a span across midnight as two pieces, and names the bands in Chinese', () => {
    const segments = renderBar(
      [
        { from: '22:00', to: '06:00', band: 'valley' },
        { from: '06:00', to: '22:00', band: 'flat' },
      ],
      'zh',
    );
    expect(segments.map(({ band, left, width, label }) => [band, left, width, label])).toEqual([
      ['valley', '0%', '25%', '低谷'],
      ['flat', '25%', '66.6667%', '平段'],
      ['valley', '91.6667%', '8.3333%', '低谷'],
    ]);
  });

  it('hatches a gap and stripes an overlap where the spans do not tile the day', () => {
    renderBar([
      { from: '00:00', to: '08:00', band: 'valley' },
      { from: '09:00', to: '20:00', band: 'peak' },
      { from: '19:30', to: '24:00', band: 'flat' },
    ]);
    const gap = screen.getByTestId('bar-gap');
    expect([gap.style.left, gap.style.width, gap.title]).toEqual(['33.3333%', '4.1667%', 'Gap 08:00–09:00']);
    const overlap = screen.getByTestId('bar-overlap');
    expect([overlap.style.left, overlap.style.width, overlap.title]).toEqual(['81.25%', '2.0833%', 'Overlap 19:30–20:00']);
  });
});
