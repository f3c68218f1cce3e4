import type { FastifyRequest } from 'fastify';

/**
 * The host the login page is served on, lower case and without port ('plant2.example.com:8443' →
 * 'plant2.example.com', '[::1]:3000' → '[::1]'). Behind the proxy (trustProxy) fastify reads X-Forwarded-Host.
 */
export function requestHost(request: FastifyRequest): string {
  return hostWithoutPort(request.host ?? '');
}

export function hostWithoutPort(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '');
}
