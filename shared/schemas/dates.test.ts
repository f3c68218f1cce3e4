import { describe, expect, it } from 'vitest';
import { parseIsoDateTime, calendarDateIssue } from './dates';

describe('parseIsoDateTime', () => {
  it('reads UTC, offsets, fractions and zone-less local times to the same instants as Date.parse', () => {
    for (const value of [
      '2026-11-22T11:45:00Z',
      '2026-11-22T08:00:00+08:00',
      '2026-11-22T08:00:00.123-03:30',
      '2024-02-29T23:59:59Z',
      '2026-11-22T08:00',
      '2026-11-22T08:00:05.5',
    ]) {
      expect(parseIsoDateTime(value), value).toBe(Date.parse(value));
    }
    expect(parseIsoDateTime('2026-11-22T08:00:00+0800')).toBe(Date.parse('2026-11-22T08:00:00+08:00'));
  });

  it('refuses dates that are not on the calendar instead of moving them to the next month', () => {
    expect(parseIsoDateTime('2026-02-30T00:00:00Z')).toEqual({ reason: '2026-02-30 is not a calendar date' });
    expect(parseIsoDateTime('2025-02-29T00:00:00Z')).toEqual({ reason: '2025-02-29 is not a calendar date' });
    expect(parseIsoDateTime('2026-04-31T10:00:00+08:00')).toEqual({ reason: '2026-04-31 is not a calendar date' });
    expect(parseIsoDateTime('2026-13-01T00:00:00Z')).toEqual({ reason: '2026-13-01 is not a calendar date' });
    expect(parseIsoDateTime('2026-01-00T00:00:00Z')).toEqual({ reason: '2026-01-00 is not a calendar date' });
  });

  it('refuses times of day and offsets that do not exist, and text that is not ISO 8601', () => {
    expect(parseIsoDateTime('2026-01-01T24:00:00Z')).toEqual({ reason: '24:00:00 is not a time of day' });
    expect(parseIsoDateTime('2026-01-01T10:60:00Z')).toEqual({ reason: '10:60:00 is not a time of day' });
    expect(parseIsoDateTime('2026-01-01T10:00:61Z')).toEqual({ reason: '10:00:61 is not a time of day' });
    expect(parseIsoDateTime('2026-01-01T10:00:00+25:00')).toEqual({ reason: '+25:00 is not a UTC offset' });
    expect(parseIsoDateTime('2026-01-01 10:00:00Z')).toEqual({ reason: 'is not ISO 8601 (YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm])' });
    expect(parseIsoDateTime('yesterday')).toEqual({ reason: 'is not ISO 8601 (YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm])' });
  });
});

describe('calendarDateIssue', () => {
  it('answers which rule a YYYY-MM-DD text breaks, or null', () => {
    expect(calendarDateIssue('2024-02-29')).toBeNull();
    expect(calendarDateIssue('1900-01-01')).toBeNull();
    expect(calendarDateIssue('2100-12-31')).toBeNull();
    expect(calendarDateIssue('2024-2-29')).toBe('shape');
    expect(calendarDateIssue('2026-02-30')).toBe('calendar');
    expect(calendarDateIssue('1900-02-29')).toBe('calendar');
    expect(calendarDateIssue('0000-01-01')).toBe('range');
    expect(calendarDateIssue('1899-12-31')).toBe('range');
    expect(calendarDateIssue('9999-12-31')).toBe('range');
  });
});
