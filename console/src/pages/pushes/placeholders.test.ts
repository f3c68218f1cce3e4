import { describe, expect, it } from 'vitest';
import { entryProblem } from './addressEntry';
import { insertAt, placeholderToken, unknownPlaceholders } from './placeholders';

describe('placeholders', () => {
  it('inserts a token at the caret, or in place of a selection, and moves the caret behind it', () => {
    expect(insertAt('Alarm at ', 9, 9, placeholderToken('subject'))).toEqual({ text: 'Alarm at {{subject}}', caret: 20 });
    expect(insertAt('Value: XX now', 7, 9, '{{value}}')).toEqual({ text: 'Value: {{value}} now', caret: 16 });
    // A stale caret past the end appends.
    expect(insertAt('ab', 10, 12, '{{kind}}')).toEqual({ text: 'ab{{kind}}', caret: 10 });
  });

  it('finds the placeholders the server would refuse, each once, as the server matches them', () => {
    expect(unknownPlaceholders('{{subject}} {{ value }} {{vaule}} {{limt}} {{vaule}}')).toEqual(['vaule', 'limt']);
    // Not a placeholder for the server either: stays literal text.
    expect(unknownPlaceholders('{{two words}} and {single}')).toEqual([]);
  });
});

describe('address entries', () => {
  it('accepts mainland mobiles and e-mails, refuses the rest, duplicates and an 11th entry', () => {
    expect(entryProblem('phone', '13800138000', [])).toBeNull();
    expect(entryProblem('phone', '12800138000', [])).toBe('phone');
    expect(entryProblem('phone', '1380013800', [])).toBe('phone');
    expect(entryProblem('email', 'ops@plant.cn', [])).toBeNull();
    expect(entryProblem('email', 'ops@plant', [])).toBe('email');
    expect(entryProblem('email', 'OPS@plant.cn', ['ops@plant.cn'])).toBe('duplicate');
    const ten = Array.from({ length: 10 }, (_, i) => `1380013800${i}`);
    expect(entryProblem('phone', '13900139000', ten)).toBe('tooMany');
  });
});
