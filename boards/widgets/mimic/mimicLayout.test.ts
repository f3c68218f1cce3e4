import { describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { mimicWidget } from './descriptor';
import { metersInAlarm, pictureRect } from './mimicLayout';

const icon = (meterId: number, x = 50, y = 50) => ({ meterId, x, y });

describe('mimic descriptor', () => {
  it('parses to an empty mimic that still listens to alarms', () => {
    const options = mimicWidget.options.parse({});
    expect(options).toEqual({ background: '', fit: 'contain', icons: [] });
    expect(mimicWidget.channels({}, options)).toEqual(['alarms:open']);
  });

  it('reads each placed meter once, then the open alarms', () => {
    const options = mimicWidget.options.parse({ background: '/api/files/3/plant.png', icons: [icon(12), icon(5), icon(12, 10, 90)] });
    expect(options.icons[0]).toEqual({ meterId: 12, x: 50, y: 50, label: '', metric: 'kw', digits: 1 });
    expect(mimicWidget.channels({ meterIds: [99] }, options)).toEqual(['meter:12:latest', 'meter:5:latest', 'alarms:open']);
  });

  it('explains invalid icons and pictures', () => {
    const issues = (options: unknown) => mimicWidget.options.safeParse(options).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ background: 'http://plant.example.com/a.png' })).toEqual([
      ['background', 'Use a path on this server starting with / or an https:// address'],
    ]);
    expect(issues({ icons: [{ meterId: 0, x: 101, y: -1, metric: 'kW!' }] })).toEqual([
      ['icons.0.meterId', 'Choose a meter'],
      ['icons.0.x', 'x is a percentage from 0 to 100'],
      ['icons.0.y', 'y is a percentage from 0 to 100'],
      ['icons.0.metric', 'Use a metric code like kw'],
    ]);
    expect(issues({ icons: Array.from({ length: 101 }, (_, index) => icon(index + 1)) })).toEqual([['icons', 'At most 100 icons']]);
  });
});

describe('mimic alarm matching', () => {
  const meter = (id: number) => ({ type: 'meter' as const, id, code: `M${id}`, name: `Meter ${id}` });

  it('counts only meter subjects: a department or gateway with the same id is not the meter', () => {
    const records = [
      alarmRecord(1, { subject: meter(11) }),
      alarmRecord(3, { subject: { type: 'department', id: 12, code: null, name: 'Hall' } }),
      alarmRecord(4, { subject: { type: 'gateway', id: 13, code: 'GW', name: 'GW' } }),
    ];
    expect([...metersInAlarm(records)]).toEqual([11]);
  });

  it('turns a meter red while any of its alarms is open, acknowledged included', () => {
    expect([...metersInAlarm([alarmRecord(1, { subject: meter(11) }), alarmRecord(2, { subject: meter(12), processingState: 2 })])].sort()).toEqual([11, 12]);
    expect([
      ...metersInAlarm([alarmRecord(1, { subject: meter(11), processingState: 3 }), alarmRecord(2, { subject: meter(12), processingState: 4 })]),
    ]).toEqual([]);
  });
});

describe('pictureRect', () => {
  it('letterboxes a contained picture and crops a covering one', () => {
    // A 2:1 picture in a 400×400 tile.
    expect(pictureRect(400, 400, 1000, 500, 'contain')).toEqual({ left: 0, top: 100, width: 400, height: 200 });
    expect(pictureRect(400, 400, 1000, 500, 'cover')).toEqual({ left: -200, top: 0, width: 800, height: 400 });
  });

  it('uses the whole tile until the picture size is known', () => {
    expect(pictureRect(640, 360, 0, 0, 'contain')).toEqual({ left: 0, top: 0, width: 640, height: 360 });
  });
});
