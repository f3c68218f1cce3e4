import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import RoomCreditWidget from './RoomCreditWidget';
import { roomCreditWidget } from './descriptor';
import { parseRoomCreditChannel, roomCreditChannel, type RoomCreditData } from './channel';
import { fittingRows } from './roomCreditLayout';

const data: RoomCreditData = {
  computedAt: 1,
  currency: 'CNY',
  rooms: [
    { accountId: 3, roomCode: 'A-103', building: 'A', memberName: 'Acme Ltd', balanceMinor: -1250, daysLeft: 0, roomState: 'cut' },
    { accountId: 1, roomCode: 'A-101', building: 'A', memberName: null, balanceMinor: 4500, daysLeft: 1.5, roomState: 'alarm1' },
    { accountId: 2, roomCode: 'B-201', building: 'B', memberName: 'Li Lei', balanceMinor: 120_000, daysLeft: 30, roomState: 'normal' },
    { accountId: 4, roomCode: 'B-202', building: 'B', memberName: 'Han Meimei', balanceMinor: 0, daysLeft: null, roomState: 'noData' },
  ],
};

describe('room-credit channel', () => {
  it('asks for the configured number of rooms and reads it back', () => {
    expect(roomCreditWidget.channels({}, roomCreditWidget.options.parse({}))).toEqual(['prepaid:rooms:10']);
    expect(roomCreditWidget.channels({}, roomCreditWidget.options.parse({ limit: 25 }))).toEqual(['prepaid:rooms:25']);
    expect(parseRoomCreditChannel(roomCreditChannel(100))).toEqual({ limit: 100 });
    for (const bad of ['prepaid:rooms:0', 'prepaid:rooms:101', 'prepaid:rooms:07', 'prepaid:rooms:', 'prepaid:rooms:x'])
      expect(parseRoomCreditChannel(bad), bad).toBeNull();
    expect(() => roomCreditWidget.options.parse({ limit: 101 })).toThrow();
  });
});

describe('room-credit layout', () => {
  it('shrinks the font to fit the rows asked for, then shows fewer rows', () => {
    // 270 px high: 10 rows and the header at 1.5 lines need 16.5 lines + padding → 15.79 px.
    expect(fittingRows(270, 480, 1, 10)).toEqual({ font: 270 / 17.1, rows: 10 });
    // 100 rows cannot fit: 10 px, as many rows as 10 px allow.
    expect(fittingRows(270, 480, 1, 100)).toEqual({ font: 10, rows: 16 });
    // A 4K tile: capped at 16 × scale.
    expect(fittingRows(1600, 1900, 2, 10)).toEqual({ font: 32, rows: 10 });
  });
});

describe('RoomCreditWidget', () => {
  const channel = 'prepaid:rooms:10';
  it('says so before the first figures and when there is no prepaid room', () => {
    expect(renderWidgetHtml(roomCreditWidget, RoomCreditWidget, {})).toContain('No data yet');
    expect(renderWidgetHtml(roomCreditWidget, RoomCreditWidget, { readings: { [channel]: reading({ ...data, rooms: [] }) } })).toContain(
      'No prepaid rooms yet',
    );
  });

  it('lists the rooms in the order sent with balance, days left and state', () => {
    const html = renderWidgetHtml(roomCreditWidget, RoomCreditWidget, { readings: { [channel]: reading(data) } });
    expect([...html.matchAll(/data-testid="room-credit-row-(\d+)" data-state="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['3', 'cut'],
      ['1', 'alarm1'],
      ['2', 'normal'],
      ['4', 'noData'],
    ]);
    for (const text of [
      'Room',
      'Member',
      'Balance',
      'Days left',
      '-¥12.50',
      '¥45.00',
      '¥1,200.00',
      '0.0 d',
      '1.5 d',
      '30.0 d',
      '>–<',
      'Acme Ltd',
      'Cut off',
      'Alarm 1',
      'No data',
    ])
      expect(html, text).toContain(text);
    const withoutMembers = renderWidgetHtml(roomCreditWidget, RoomCreditWidget, { readings: { [channel]: reading(data) }, options: { showMember: false } });
    expect(withoutMembers).not.toContain('Acme Ltd');
  });

  it('speaks Chinese and Spanish', () => {
    const zh = renderWidgetHtml(roomCreditWidget, RoomCreditWidget, { readings: { [channel]: reading(data) }, language: 'zh' });
    for (const word of ['房间', '余额', '可用天数', '1.5 天', '已断电', '无数据']) expect(zh).toContain(word);
    const es = renderWidgetHtml(roomCreditWidget, RoomCreditWidget, { readings: { [channel]: reading(data) }, language: 'es' });
    for (const word of ['Local', 'Saldo', 'Días de saldo', 'Cortado', 'Sin datos']) expect(es).toContain(word);
  });
});
