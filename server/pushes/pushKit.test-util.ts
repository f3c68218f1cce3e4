import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/schema';

/** Test doubles for the providers: a real SMTP server and HTTP endpoints that record what they receive. */

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  contentType: string;
  text: string;
}

/** The body of a text/plain message as the recipient reads it (7bit, quoted-printable or base64). */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes: number[] = [];
  const joined = body.replace(/=\r\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = decodeBody(raw.slice(split + 4), (headers['content-transfer-encoding'] ?? '7bit').toLowerCase())
    .replace(/\r\n/g, '\n')
    .replace(/\n$/, '');
  return { from, to, headers, subject: headers.subject ?? '', contentType: headers['content-type'] ?? '', text };
}

export interface SmtpDouble {
  port: number;
  mails: ReceivedMail[];
  logins: { username: string; password: string }[];
  close(): Promise<void>;
}

/** An SMTP server on a free port; with `auth` it requires that login (no TLS: STARTTLS is not offered). */
export async function startSmtp(auth?: { username: string; password: string }): Promise<SmtpDouble> {
  const mails: ReceivedMail[] = [];
  const logins: SmtpDouble['logins'] = [];
  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(request, _session, callback) {
      logins.push({ username: request.username ?? '', password: request.password ?? '' });
      if (auth && request.username === auth.username && request.password === auth.password) callback(null, { user: request.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface HttpDouble {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** An HTTP provider on a free port; `answer` gives status and JSON for the n-th request (0-based). */
export async function startHttpProvider(answer: (index: number, request: ReceivedRequest) => { status: number; json: unknown }): Promise<HttpDouble> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text for the assertion to show
      }
      const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      const reply = answer(requests.length, received);
      requests.push(received);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Removes what the demo seed puts in (a template per alarm kind and channel as its default, one e-mail
 * task), so a test of the push rules starts from no templates, no template settings and no tasks.
 */
export async function clearDemoPushes(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('push_template_defaults').execute();
  await db.deleteFrom('push_task_recipients').execute();
  await db.deleteFrom('push_tasks').execute();
  await db.deleteFrom('push_templates').execute();
}
