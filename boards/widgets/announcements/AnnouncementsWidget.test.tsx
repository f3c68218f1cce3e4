// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { WALL_ANNOUNCEMENTS_CHANNEL, type ActiveAnnouncement } from '@shared/schemas/inquiry';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { fakeReader } from '../alarm-ticker/fakeReader.test-util';
import AnnouncementsWidget from './AnnouncementsWidget';
import { announcementsWidget } from './descriptor';

const notice = (id: number, title: string, body = '', picture = ''): ActiveAnnouncement => ({ id, title, body, picture });

let wall: ReturnType<typeof fakeReader>;
beforeEach(() => {
  vi.useFakeTimers();
  wall = fakeReader();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function mount(options: unknown = {}, language: 'en' | 'zh' | 'es' = 'en', width = 800) {
  const parsed = announcementsWidget.options.parse(options);
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={wall.reader}>
        <AnnouncementsWidget
          options={parsed}
          binding={{}}
          title=""
          width={width}
          height={240}
          scale={1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={announcementsWidget.channels({}, parsed)}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
}
const shownTitle = () => screen.getByTestId('announcement-title').textContent;

describe('announcements widget', () => {
  it('reads the walls channel and says when there is nothing to show, in the wall language', () => {
    expect(announcementsWidget.channels({}, announcementsWidget.options.parse({}))).toEqual([WALL_ANNOUNCEMENTS_CHANNEL]);
    mount({}, 'es');
    expect(screen.getByTestId('announcements-empty').textContent).toBe('Hoy no hay anuncios');
  });

  it('shows one at a time and moves on every `seconds`, wrapping round', () => {
    act(() =>
      wall.push(WALL_ANNOUNCEMENTS_CHANNEL, {
        announcements: [notice(1, 'Maintenance'), notice(2, 'Saving week'), notice(3, 'Fire drill')],
        computedAt: Date.now(),
      }),
    );
    mount({ seconds: 5 });
    expect(shownTitle()).toBe('Maintenance');
    act(() => vi.advanceTimersByTime(4_999));
    expect(shownTitle()).toBe('Maintenance');
    act(() => vi.advanceTimersByTime(1));
    expect(shownTitle()).toBe('Saving week');
    act(() => vi.advanceTimersByTime(5_000));
    expect(shownTitle()).toBe('Fire drill');
    act(() => vi.advanceTimersByTime(5_000));
    expect(shownTitle()).toBe('Maintenance');
  });

  it('keeps the one on screen when the list is updated, and drops one that ended', () => {
    act(() => wall.push(WALL_ANNOUNCEMENTS_CHANNEL, { announcements: [notice(1, 'Maintenance'), notice(2, 'Saving week')], computedAt: Date.now() }));
    mount({ seconds: 5 });
    act(() => vi.advanceTimersByTime(5_000));
    expect(shownTitle()).toBe('Saving week');
    act(() => wall.push(WALL_ANNOUNCEMENTS_CHANNEL, { announcements: [notice(4, 'New'), notice(2, 'Saving week')], computedAt: Date.now() }));
    expect(shownTitle()).toBe('Saving week');
    act(() => wall.push(WALL_ANNOUNCEMENTS_CHANNEL, { announcements: [notice(4, 'New')], computedAt: Date.now() }));
    expect(shownTitle()).toBe('New');
    // A single announcement stays.
    act(() => vi.advanceTimersByTime(60_000));
    expect(shownTitle()).toBe('New');
  });

  it('renders title and text as text, never HTML, in the accent colour, with the picture where there is room', () => {
    const picture = `/api/files/${'a'.repeat(64)}.png`;
    act(() =>
      wall.push(WALL_ANNOUNCEMENTS_CHANNEL, {
        announcements: [notice(1, '<b>Bold?</b>', 'Line 1\n<script>alert(1)</script>', picture)],
        computedAt: Date.now(),
      }),
    );
    mount();
    expect(shownTitle()).toBe('<b>Bold?</b>');
    expect(screen.getByTestId('announcement-title').querySelector('b')).toBeNull();
    expect(screen.getByTestId('announcement-title').style.color).toBe('rgb(58, 160, 255)');
    expect(screen.getByTestId('announcement-body').textContent).toBe('Line 1\n<script>alert(1)</script>');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('announcement-picture').getAttribute('src')).toBe(picture);
    cleanup();
    mount({ showPicture: false });
    expect(screen.queryByTestId('announcement-picture')).toBeNull();
  });
});
