import { resolve } from 'node:path';
import { logFormatFromEnv, type LogFormat } from './logging/logFormat';

/** Server configuration, from the environment only (twelve-factor); defaults make `npm start` work as is. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, otherwise an embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Initial admin password on first start; generated and printed once when absent. */
  adminPassword: string | undefined;
  /** The demo sub-user's password on first start (DEMO_USER_PASSWORD); generated and printed once when absent. */
  demoUserPassword: string | undefined;
  /** Signing secret; generated and kept in dataDir when absent. */
  jwtSecret: string | undefined;
  /** How long a token lives without activity; renewed when past half its life. */
  tokenTtlSeconds: number;
  /** Folder with the built bundles (dist/console, dist/kiosk). */
  webRoot: string;
  /** Seed the demo organisation (departments, a gateway, meters) on first start. */
  seedDemo: boolean;
  logLevel: string;
  /** LOG_FORMAT: readable lines at a terminal, pino's JSON otherwise (or when `json` is asked for). */
  logFormat: LogFormat;
  version: string;
  /** IANA zone in which rollup days and months are counted (TIME_ZONE, default: the machine's). */
  timeZone: string;
  /** A meter or gateway silent this long is shown offline (METER_OFFLINE_MINUTES, default 15: one interval). */
  meterOfflineMs: number;
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY): false (default) reads the socket, so a
   * client exposed directly cannot pick its own address for the login throttle; a hop count, or the
   * proxy's addresses/CIDRs (comma-separated), behind a reverse proxy; true believes any sender.
   */
  trustProxy: boolean | number | string;
  /**
   * The address people outside reach the console at (PUBLIC_URL, e.g. https://energy.example.com), for links sent
   * by e-mail (public report sheets of scheduled reports). Default: http://localhost:<PORT>.
   */
  publicUrl: string;
}

function trustProxyFromEnv(raw: string | undefined): boolean | number | string {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === 'off') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Fastify's spelling: a hop count becomes "trust the first n hops" (its typings take no number). */
export function fastifyTrustProxy(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  return {
    port: intFromEnv('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoUserPassword: env.DEMO_USER_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: intFromEnv('TOKEN_TTL_SECONDS', 12 * 3600),
    webRoot: resolve(env.WEB_ROOT ?? './dist'),
    seedDemo: env.SEED_DEMO !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatFromEnv(env.LOG_FORMAT, process.stdout.isTTY === true),
    version: env.npm_package_version ?? '0.1.0',
    timeZone: env.TIME_ZONE || Intl.DateTimeFormat().resolvedOptions().timeZone,
    meterOfflineMs: intFromEnv('METER_OFFLINE_MINUTES', 15) * 60_000,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFromEnv('PORT', 8080)}`).replace(/\/+$/, ''),
    ...overrides,
  };
}
