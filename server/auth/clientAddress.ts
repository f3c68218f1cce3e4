import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is throttled under: IPv4 as is (also when mapped into IPv6), IPv6 as its /64,
 * since one host usually holds a whole /64 and could otherwise take a fresh address for every guess.
 */
export function throttleAddress(ip: string | undefined): string {
  const address = (ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1] as string;
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** Eight groups without leading zeros ('2001:db8::1' → ['2001','db8','0','0','0','0','0','1']). */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0] as string;
  const [head = '', tail] = withoutZone.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => (group.includes('.') ? group : String(parseInt(group, 16).toString(16))));
}
