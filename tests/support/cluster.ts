import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from './serverProcess';

/** The machine's services the cluster suites run against (CI sets the same variables). */
export const clusterServices = {
  postgres: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  redis: process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379',
  mqtt: process.env.MQTT_TEST_URL || 'mqtt://127.0.0.1:1883',
};

export interface ClusterDatabase {
  /** DATABASE_URL of a database of its own, empty. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>, server = clusterServices.postgres): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database (not a schema: several processes connect to it as they would in production). */
export async function createClusterDatabase(server = clusterServices.postgres): Promise<ClusterDatabase> {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`), server);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`), server).then(() => undefined),
  };
}

export interface ClusterOptions {
  /** How many server processes (default 2). */
  processes?: number;
  /** Start them all at once (default) or one after the other. */
  together?: boolean;
  /** Set REDIS_URL (with a key prefix of this cluster's own, so parallel clusters on one Redis never meet). */
  redis?: boolean;
  /** Set MQTT_URL to the machine's broker with a share group of this cluster's own. */
  mqtt?: boolean;
  /** More environment for every process (and `perProcess(i)` for one). */
  env?: Record<string, string>;
  perProcess?: (index: number) => Record<string, string>;
  /** Other PostgreSQL (admin URL), Redis or broker than the machine's, e.g. private ones a suite restarts. */
  services?: Partial<typeof clusterServices>;
}

export interface Cluster {
  database: ClusterDatabase;
  servers: RunningServer[];
  /** The key prefix (Redis) and share group (MQTT) of this cluster. */
  tag: string;
  /** Starts one more process on the same database and services (e.g. after a kill). */
  add(extra?: Record<string, string>): Promise<RunningServer>;
  stop(): Promise<void>;
}

/** N real server processes (`server/main.ts`) on one new PostgreSQL database, optionally with Redis and an external broker. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const services = { ...clusterServices, ...options.services };
  const database = await createClusterDatabase(services.postgres);
  const tag = `c${randomBytes(4).toString('hex')}`;
  const common: Record<string, string> = {
    DATABASE_URL: database.url,
    // Processes of one deployment share the token signing secret (deploy/ sets it the same way).
    JWT_SECRET: `cluster-secret-${tag}-${'x'.repeat(32)}`,
    ...(options.redis ? { REDIS_URL: services.redis, REDIS_KEY_PREFIX: tag } : {}),
    ...(options.mqtt ? { MQTT_URL: services.mqtt, MQTT_SHARE_GROUP: tag } : {}),
    ...options.env,
  };
  const envFor = (index: number): Record<string, string> => ({ ...common, ...options.perProcess?.(index) });
  const count = options.processes ?? 2;
  const servers: RunningServer[] = [];
  try {
    if (options.together === false) for (let i = 0; i < count; i += 1) servers.push(await startServer(envFor(i)));
    else servers.push(...(await Promise.all(Array.from({ length: count }, (_, i) => startServer(envFor(i))))));
  } catch (error) {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await database.drop();
    throw error;
  }
  return {
    database,
    servers,
    tag,
    async add(extra = {}) {
      const server = await startServer({ ...envFor(servers.length), ...extra });
      servers.push(server);
      return server;
    },
    async stop() {
      await Promise.allSettled(servers.map((server) => server.stop()));
      await database.drop();
    },
  };
}
