// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { bindOpenAlarms } from '@shared/realtime/alarmBinders';
import { AlarmStore } from '@shared/stores/alarmStore';
import { ChannelReaderProvider } from '../runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '../runtime/fakeChannelSource.test-util';
import { TelemetryStore } from '../runtime/telemetryStore';
import type { ChannelReader } from '../widgetDescriptor';
import { FakeChannelReader } from './fakeChannelReader.test-util';
import { directoryMeter, meterAlarm } from './fixtures.test-util';
import type { PlantSceneProps } from './PlantScene';
import { PlantView } from './PlantView';

// WebGL does not exist in jsdom: the scene is replaced by a probe of the props it would draw.
const sceneProps: { current: PlantSceneProps | null } = { current: null };
vi.mock('./PlantScene', () => ({
  PlantScene: (props: PlantSceneProps) => {
    sceneProps.current = props;
    return <div data-testid="scene-probe" />;
  },
}));

function renderView(reader: ChannelReader, language: 'en' | 'zh' | 'es' = 'en', departmentIds: number[] = []) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={reader}>
        <PlantView tour lapSeconds={240} showLabels departmentIds={departmentIds} scale={1} title="Plant" />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
}

const directory = { computedAt: 1, meters: [directoryMeter(1, 10), directoryMeter(2, 10), directoryMeter(3, 20, { online: false }), directoryMeter(4, 20)] };

describe('PlantView', () => {
  afterEach(() => {
    cleanup();
    sceneProps.current = null;
  });

  it('waits for the directory, then watches every meter of the scene', () => {
    const reader = new FakeChannelReader();
    renderView(reader);
    expect(screen.getByTestId('scene-status').textContent).toBe('Waiting for the meter directory…');
    expect(reader.watched()).toEqual(['alarms:open', 'meters:directory']);
    act(() => reader.push({ 'meters:directory': directory }));
    expect(screen.queryByTestId('scene-status')).toBeNull();
    expect(reader.watched()).toEqual(['alarms:open', 'meter:1:latest', 'meter:2:latest', 'meter:3:latest', 'meter:4:latest', 'meters:directory']);
    expect(sceneProps.current?.layout.buildings.map((b) => b.name)).toEqual(['Building 10', 'Building 20']);
  });

  it('colours by live power against the highest and greys offline meters', () => {
    const reader = new FakeChannelReader();
    renderView(reader);
    act(() =>
      reader.push({
        'meters:directory': directory,
        'meter:1:latest': { meterId: 1, ts: 5, values: { kw: 80 } },
        'meter:2:latest': { meterId: 2, ts: 5, values: { kw: 20 } },
      }),
    );
    const loads = sceneProps.current!.loads;
    expect([1, 2, 3, 4].map((id) => loads.get(id)?.ratio)).toEqual([1, 0.25, null, null]);
    act(() => reader.push({ 'meter:2:latest': { meterId: 2, ts: 6, values: { kw: 160 } } }));
    expect(sceneProps.current!.loads.get(1)?.ratio).toBe(0.5);
    expect(sceneProps.current!.formatLoad(sceneProps.current!.loads.get(2)!)).toBe('160 kW');
  });

  it('pulses meters with open alarms and lists them as plain text while they are in the open list', () => {
    const reader = new FakeChannelReader();
    renderView(reader);
    act(() => reader.push({ 'meters:directory': directory }));
    const unacknowledged = meterAlarm(7, 2, 1, { message: '<b>kw</b> 512.3 over 500' });
    const department = meterAlarm(9, 3, 1, { subject: { type: 'department', id: 3, code: 'D3', name: 'Hall' } });
    act(() => reader.push({ 'alarms:open': [department, meterAlarm(8, 4, 2), unacknowledged, meterAlarm(6, 99, 1)] }));
    expect([...sceneProps.current!.alarmMeterIds].sort()).toEqual([2, 4]);
    const panel = screen.getByTestId('scene-alarms');
    expect(panel.querySelector('h2')?.textContent).toBe('Open alarms (2)');
    // Unacknowledged first, though raised earlier.
    expect([...panel.querySelectorAll('li strong')].map((name) => name.textContent)).toEqual(['Meter 2', 'Meter 4']);
    expect(panel.textContent).toContain('<b>kw</b> 512.3 over 500');
    expect(panel.querySelector('b')).toBeNull();
    expect(screen.getByText('Meters 4 · Buildings 2 · In alarm 2')).toBeTruthy();
    act(() => reader.push({ 'alarms:open': [meterAlarm(8, 4, 2)] }));
    expect([...sceneProps.current!.alarmMeterIds]).toEqual([4]);
    expect(panel.querySelector('h2')?.textContent).toBe('Open alarms (1)');
  });

  it('gives the raised time in 24-hour form, as the clock and the ticker do', () => {
    const reader = new FakeChannelReader();
    renderView(reader);
    act(() => reader.push({ 'meters:directory': directory }));
    // A local afternoon: en would say "02:55:17 PM" without an explicit hour cycle.
    act(() => reader.push({ 'alarms:open': [meterAlarm(7, 2, 1, { raisedAt: new Date(2026, 10, 26, 14, 55, 17).getTime() })] }));
    const raised = screen.getByTestId('scene-alarms').querySelector('time');
    expect(raised?.textContent).toBe('14:55:17');
  });

  it('pulses a meter whose alarm the wall received before the view mounted, until it is processed', () => {
    const source = new FakeChannelSource();
    const frames = new ManualFrames();
    const store = new TelemetryStore({ source, scheduleFrame: frames.schedule });
    const deliver = (channel: string, data: unknown) =>
      act(() => {
        source.push(channel, data);
        frames.run();
      });
    // A ticker on the same wall subscribed first and the server's snapshot has come and gone.
    const ticker = store.watch(['alarms:open']);
    deliver('alarms:open', meterAlarm(7, 2, 1));
    deliver('alarms:open', meterAlarm(8, 4, 2));
    renderView(store);
    deliver('meters:directory', directory);
    expect([...sceneProps.current!.alarmMeterIds].sort()).toEqual([2, 4]);
    expect(screen.getByTestId('scene-alarms').querySelector('h2')?.textContent).toBe('Open alarms (2)');
    deliver('alarms:open', meterAlarm(7, 2, 3));
    expect([...sceneProps.current!.alarmMeterIds]).toEqual([4]);
    ticker();
    cleanup();
    store.dispose();
  });

  it('counts a meter whose only alarm is acknowledged as in alarm (states 1 and 2 are open), from the app store the wall was opened with', () => {
    const source = new FakeChannelSource();
    const alarms = new AlarmStore();
    const stopBinding = bindOpenAlarms(source, alarms);
    const frames = new ManualFrames();
    const store = new TelemetryStore({ source, scheduleFrame: frames.schedule, alarms });
    // The server's snapshot on subscribe: one alarm, acknowledged before the wall was opened.
    act(() => source.push('alarms:open', [meterAlarm(8, 4, 2)]));
    renderView(store);
    act(() => {
      source.push('meters:directory', directory);
      frames.run();
    });
    expect(screen.getByText('Meters 4 · Buildings 2 · In alarm 1')).toBeTruthy();
    const panel = screen.getByTestId('scene-alarms');
    expect(panel.querySelector('h2')?.textContent).toBe('Open alarms (1)');
    expect(panel.querySelector('li')?.textContent).toContain('Acknowledged');
    act(() => source.push('alarms:open', meterAlarm(8, 4, 3)));
    expect(screen.getByText('Meters 4 · Buildings 2 · In alarm 0')).toBeTruthy();
    stopBinding();
    cleanup();
    store.dispose();
  });

  it('shows only the chosen departments and translates the panels', () => {
    const reader = new FakeChannelReader();
    renderView(reader, 'zh', [20]);
    act(() => reader.push({ 'meters:directory': directory, 'alarms:open': [meterAlarm(9, 1, 1)] }));
    expect(sceneProps.current?.layout.meters.map((m) => m.meterId)).toEqual([3, 4]);
    expect(screen.getByTestId('scene-alarms').textContent).toContain('暂无未处理告警');
    expect(screen.getByTestId('scene-legend').textContent).toContain('离线或无数据');
    expect(sceneProps.current?.buildingCaption(2)).toBe('2 块仪表');
  });

  it('says so when the directory has no meters', () => {
    const reader = new FakeChannelReader();
    renderView(reader, 'es');
    act(() => reader.push({ 'meters:directory': { computedAt: 1, meters: [] } }));
    expect(screen.getByTestId('scene-status').textContent).toBe('No hay medidores que mostrar');
    expect(screen.queryByTestId('scene-probe')).toBeNull();
  });
});
