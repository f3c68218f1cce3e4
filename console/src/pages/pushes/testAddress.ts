import { z } from 'zod';
import { MAINLAND_MOBILE, type PushChannel } from '@shared/schemas/pushes';

/** E-mail goes to an address; SMS to a mainland mobile; the WeChat robot mentions a mobile in the group. */
export function testAddressProblem(channel: PushChannel, address: string): 'email' | 'phone' | 'required' | null {
  const value = address.trim();
  if (!value) return 'required';
  if (channel === 'email') return z.email().safeParse(value).success ? null : 'email';
  return MAINLAND_MOBILE.test(value) ? null : 'phone';
}

/** The contract's own wording for each problem (catalogue keys under pushes.rules). */
export const ADDRESS_RULE_KEYS = { email: 'pushes.rules.email', phone: 'pushes.rules.phone', required: 'pushes.rules.required' } as const;
