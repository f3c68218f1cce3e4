#!/usr/bin/env node
/* global process, console -- deploy/ is outside the Node globals block of eslint.config.js */
// Renders a deploy/ template (the HAProxy or nginx config) from the environment, so one file serves any number of
// server processes and any ports:
//   SERVERS=10.0.0.11:8080,10.0.0.12:8080,10.0.0.13:8080 LB_PORT=80 node deploy/render.mjs deploy/haproxy.cfg.template
// - `${NAME}` is the variable's value, `${NAME:-fallback}` the fallback when it is unset or empty; only upper-case
//   names are replaced, so nginx's own `$host`, `${host}` pass through untouched. A variable without a value and
//   without a fallback is an error naming it (never an empty port in a config).
// - A line that holds `${SERVER}` is written once per entry of SERVERS (comma-separated host:port), with
//   `${SERVER_NAME}` = s1, s2, … in the same order.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const VARIABLE = /\$\{([A-Z][A-Z0-9_]*)(?::-([^}]*))?\}/g;

/** The template with every variable replaced; throws naming each variable that has no value. */
export function renderTemplate(template, env) {
  const servers = (env.SERVERS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const missing = new Set();
  const fill = (line, extra) =>
    line.replace(VARIABLE, (whole, name, fallback) => {
      const value = extra[name] ?? env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return whole;
    });
  const out = [];
  for (const line of template.split('\n')) {
    if (!line.includes('${SERVER}')) {
      out.push(fill(line, {}));
      continue;
    }
    if (servers.length === 0) missing.add('SERVERS');
    servers.forEach((server, index) => out.push(fill(line, { SERVER: server, SERVER_NAME: `s${index + 1}` })));
  }
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(', ')} (set it in the environment)`);
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: SERVERS=host:port,… LB_PORT=… node deploy/render.mjs <template>');
    process.exit(2);
  }
  try {
    process.stdout.write(renderTemplate(readFileSync(file, 'utf8'), process.env));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
