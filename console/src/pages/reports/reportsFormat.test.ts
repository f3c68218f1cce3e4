import { describe, expect, it } from 'vitest';
import { periodText } from './reportsFormat';

describe('periodText', () => {
  it('shows a whole month, a whole year and a day short, any other range as both days', () => {
    expect(periodText({ from: '2026-10-01', to: '2026-10-31' })).toEqual(['2026-10']);
    expect(periodText({ from: '2024-02-01', to: '2024-02-29' })).toEqual(['2024-02']);
    expect(periodText({ from: '2024-02-01', to: '2024-02-28' })).toEqual(['2024-02-01', '2024-02-28']);
    expect(periodText({ from: '2025-01-01', to: '2025-12-31' })).toEqual(['2025']);
    expect(periodText({ from: '2026-11-26', to: '2026-11-26' })).toEqual(['2026-11-26']);
    expect(periodText({ from: '2026-11-16', to: '2026-11-22' })).toEqual(['2026-11-16', '2026-11-22']);
  });
});
