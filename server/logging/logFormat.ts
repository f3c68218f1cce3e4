/** How log lines look: `pretty` (one readable line each, for a person at a terminal) or `json` (pino's, for collectors). */
export type LogFormat = 'pretty' | 'json';

/**
 * LOG_FORMAT wins when set (`json` or `pretty`); otherwise a terminal gets readable lines and anything
 * else (a pipe, a file, systemd, docker) gets JSON, which is what log collectors parse.
 */
export function logFormatFromEnv(raw: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === 'json' || value === 'pretty') return value;
  if (value !== '') throw new Error(`LOG_FORMAT must be "json" or "pretty", got "${raw}"`);
  return stdoutIsTerminal ? 'pretty' : 'json';
}
