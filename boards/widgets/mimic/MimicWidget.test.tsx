// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { createI18n } from '@shared/i18n/createI18n';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { fakeReader } from '../alarm-ticker/fakeReader.test-util';
import { mimicWidget } from './descriptor';
import MimicWidget from './MimicWidget';

function renderMimic(options: unknown) {
  const feed = fakeReader();
  const parsed = mimicWidget.options.parse(options);
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ChannelReaderProvider reader={feed.reader}>
        <MimicWidget options={parsed} binding={{}} title="" width={400} height={400} scale={1} theme={{ mode: 'dark', accent: '#3aa0ff' }} channels={mimicWidget.channels({}, parsed)} stale={false} />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
  return feed;
}

const meter = (id: number) => ({ type: 'meter' as const, id, code: `M${id}`, name: `Meter ${id}` });

describe('mimic widget', () => {
  afterEach(cleanup);

  it('says no data when nothing is placed', () => {
    renderMimic({});
    expect(screen.getByTestId('mimic-no-data').textContent).toBe('No data yet');
  });

  it('shows each meter live value and turns red while it has an open alarm', () => {
    const feed = renderMimic({ icons: [{ meterId: 11, x: 25, y: 50, label: 'Press 2', metric: 'kw' }, { meterId: 12, x: 75, y: 50, metric: 'v', digits: 0 }] });
    expect(screen.getByTestId('mimic-value-11').textContent).toBe('–');
    expect(screen.getByTestId('mimic-icon-12').textContent).toContain('Meter 12');
    act(() => feed.push('meter:11:latest', { meterId: 11, ts: 1, values: { kw: 1234.56, v: 230 } }));
    act(() => feed.push('meter:12:latest', { meterId: 12, ts: 1, values: { v: 229.6 } }));
    expect(screen.getByTestId('mimic-value-11').textContent).toBe('1,234.6 kW');
    expect(screen.getByTestId('mimic-value-12').textContent).toBe('230 V');
    expect(screen.getByTestId('mimic-icon-11').textContent).toContain('Press 2');

    act(() => feed.push('alarms:new', alarmRecord(5, { subject: meter(11) })));
    act(() => feed.push('alarms:new', alarmRecord(6, { subject: meter(99) })));
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('true');
    expect(screen.getByTestId('mimic-icon-12').dataset.alarm).toBe('false');
    act(() => feed.push('alarms:new', alarmRecord(5, { subject: meter(11), processingState: 3 })));
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('false');
  });

  it('places icons on the picture, not the tile, once it has loaded', () => {
    renderMimic({ background: '/api/files/1/plant.png', icons: [{ meterId: 11, x: 50, y: 0 }] });
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'naturalWidth', { value: 1000 });
    Object.defineProperty(picture, 'naturalHeight', { value: 500 });
    expect(screen.getByTestId('mimic-icon-11').style.top).toBe('0px');
    fireEvent.load(picture);
    // A 2:1 picture contained in 400×400 starts 100 px down.
    expect(screen.getByTestId('mimic-icon-11').style.top).toBe('100px');
    expect(screen.getByTestId('mimic-icon-11').style.left).toBe('200px');
  });
});
