import { describe, expect, it } from 'vitest';
import { fitWidth, searchBoxWidth, selectFilterWidth } from './fitWidth';

describe('a filter control wide enough for its placeholder', () => {
  it('keeps the minimum for a short text', () => {
    expect(searchBoxWidth('Code or name')).toBe(220);
    expect(selectFilterWidth('Any severity')).toBe(160);
  });

  it('grows for a long Spanish placeholder: 25 letters × 7.5 + 76 = 263.5 → 264; 18 × 7.5 + 48 = 183', () => {
    expect(searchBoxWidth('Medidor, código o mensaje')).toBe(264);
    expect(selectFilterWidth('Cualquier gravedad')).toBe(183);
  });

  it('counts a CJK character as two letters: 16 × 2 × 7.5 + 76 = 316', () => {
    expect(searchBoxWidth('按仪表编号、名称、所属部门或报警内容搜索'.slice(0, 16))).toBe(316);
  });

  it('stops at the maximum', () => {
    expect(fitWidth('x'.repeat(100), { min: 100, max: 300, chrome: 10 })).toBe(300);
  });
});
