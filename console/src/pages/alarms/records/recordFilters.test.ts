import { describe, expect, it } from 'vitest';
import { alarmRecord } from './alarmRecord.test-util';
import { matchesFilters, recordQuery } from './recordFilters';

describe('record filters', () => {
  it('turns the state views into processingState lists', () => {
    expect(recordQuery({ stateView: 'open' }, 1, 20).processingState).toEqual([1, 2]);
    expect(recordQuery({ stateView: 'processed' }, 1, 20).processingState).toEqual([3]);
    expect(recordQuery({ stateView: 'cleared' }, 1, 20).processingState).toEqual([4]);
    expect(recordQuery({ stateView: 'all', keyword: '   ' }, 2, 50)).toEqual({ page: 2, size: 50 });
  });

  it('applies the server rules to a live record', () => {
    const record = alarmRecord(3, { raisedAt: 1000, severity: 'low' });
    expect(matchesFilters(record, { stateView: 'open', kind: 'device' })).toBe(true);
    expect(matchesFilters(record, { stateView: 'processed' })).toBe(false);
    expect(matchesFilters(record, { stateView: 'open', severity: 'high' })).toBe(false);
    expect(matchesFilters(record, { stateView: 'all', from: 1001 })).toBe(false);
    expect(matchesFilters(record, { stateView: 'all', to: 999 })).toBe(false);
    expect(matchesFilters(record, { stateView: 'all', keyword: 'm011' })).toBe(true);
    expect(matchesFilters(record, { stateView: 'all', keyword: 'press' })).toBe(true);
    expect(matchesFilters(record, { stateView: 'all', keyword: 'boiler' })).toBe(false);
  });
});
