import { describe, expect, it } from 'vitest';
import { cookieAttributes } from './cookieAttributes';

describe('cookieAttributes', () => {
  it('keeps the token SameSite=Strict, Secure on https pages, a session cookie', () => {
    expect(cookieAttributes('token', 'https:')).toEqual({ sameSite: 'Strict', secure: true });
    expect(cookieAttributes('token', 'http:')).toEqual({ sameSite: 'Strict', secure: false });
  });

  it('keeps the interface choices (language, sidebar, size) SameSite=Lax for a year, Secure on https pages', () => {
    expect(cookieAttributes('preference', 'https:')).toEqual({ sameSite: 'Lax', secure: true, expires: 365 });
    expect(cookieAttributes('preference', 'http:')).toEqual({ sameSite: 'Lax', secure: false, expires: 365 });
  });
});
