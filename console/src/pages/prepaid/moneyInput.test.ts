import { describe, expect, it } from 'vitest';
import { energyMilliText, moneyInputText, moneyText, moneyWithCurrency, parseMoneyInput, parsePercentBp, percentText } from './moneyInput';

describe('money typed as decimal text', () => {
  it('turns decimal text into integer minor units', () => {
    expect(parseMoneyInput('100.5')).toEqual({ ok: true, minor: 10050 });
    expect(parseMoneyInput('1,000.00')).toEqual({ ok: true, minor: 100000 });
    expect(parseMoneyInput(' 12 ')).toEqual({ ok: true, minor: 1200 });
    expect(parseMoneyInput('0.01')).toEqual({ ok: true, minor: 1 });
    expect(parseMoneyInput('.5')).toEqual({ ok: true, minor: 50 });
    expect(parseMoneyInput('7.')).toEqual({ ok: true, minor: 700 });
    expect(parseMoneyInput('0.1')).toEqual({ ok: true, minor: 10 });
    expect(parseMoneyInput('1,234,567.89')).toEqual({ ok: true, minor: 123_456_789 });
  });

  it('refuses what a person did not mean', () => {
    expect(parseMoneyInput('0.005')).toEqual({ ok: false, error: 'tooPrecise' });
    expect(parseMoneyInput('')).toEqual({ ok: false, error: 'empty' });
    expect(parseMoneyInput('abc')).toEqual({ ok: false, error: 'notNumber' });
    expect(parseMoneyInput('1,00')).toEqual({ ok: false, error: 'notNumber' });
    expect(parseMoneyInput('1.2.3')).toEqual({ ok: false, error: 'notNumber' });
    expect(parseMoneyInput('-5')).toEqual({ ok: false, error: 'negative' });
    // The server takes at most 10,000,000.00 at once (and keeps amounts 32-bit on PostgreSQL).
    expect(parseMoneyInput('100000001')).toEqual({ ok: false, error: 'tooLarge' });
    expect(parseMoneyInput('10000000.01')).toEqual({ ok: false, error: 'tooLarge' });
    expect(parseMoneyInput('10000000.00')).toEqual({ ok: true, minor: 1_000_000_000 });
  });

  it('takes a sign for adjustments', () => {
    expect(parseMoneyInput('-3', { signed: true })).toEqual({ ok: true, minor: -300 });
    expect(parseMoneyInput('+2.75', { signed: true })).toEqual({ ok: true, minor: 275 });
  });

  it('formats minor units with the currency', () => {
    expect(moneyText(123456)).toBe('1,234.56');
    expect(moneyText(-5)).toBe('-0.05');
    expect(moneyWithCurrency(-300, 'CNY')).toBe('-¥3.00');
    expect(moneyWithCurrency(1200, 'CHF')).toBe('CHF 12.00');
    expect(moneyInputText(100050)).toBe('1000.50');
  });

  it('percentages as basis points and energy in milli-units', () => {
    expect(parsePercentBp('2.5')).toBe(250);
    expect(parsePercentBp('0.005')).toBeNull();
    expect(percentText(250)).toBe('2.5 %');
    expect(percentText(1000)).toBe('10 %');
    expect(energyMilliText(1_234_500)).toBe('1,234.50');
    expect(energyMilliText(1_234_567)).toBe('1,234.567');
  });
});
