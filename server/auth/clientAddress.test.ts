import { describe, expect, it } from 'vitest';
import { throttleAddress } from './clientAddress';

describe('throttleAddress', () => {
  it('keeps IPv4 as is, also when mapped into IPv6', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, so one host cannot take a fresh address per guess', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through (an unknown address is still one key)', () => {
    expect(throttleAddress(undefined)).toBe('');
    expect(throttleAddress('unix-socket')).toBe('unix-socket');
  });
});
