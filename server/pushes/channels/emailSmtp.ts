import nodemailer from 'nodemailer';
import type { ChannelAdapter } from './channelAdapter';
import { clip } from './channelAdapter';

/** Connection, greeting and idle-socket limits: a dead SMTP server fails the attempt instead of hanging it. */
const SMTP_TIMEOUT_MS = 10_000;

/** "250 2.0.0 Ok: queued" → 250. */
const replyCode = (response: unknown): number | null => {
  const match = typeof response === 'string' ? /^(\d{3})/.exec(response) : null;
  return match ? Number(match[1]) : null;
};

/**
 * E-mail over SMTP (nodemailer): implicit TLS when `secure`, otherwise STARTTLS whenever the server
 * offers it; AUTH only when a username is set. Sent as text/plain only: nothing is ever HTML.
 */
export const emailSmtp: ChannelAdapter<'email'> = {
  channel: 'email',
  name: 'smtp',
  endpoint: (config) => `${config.host}:${config.port}`,
  async send(config, message) {
    const transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      const info = await transport.sendMail({ from: config.from, to: message.address, subject: message.subject, text: message.body });
      return { ok: true, status: replyCode(info.response) ?? 250, detail: clip(String(info.response ?? '')) };
    } catch (error) {
      const failure = error as { responseCode?: number; message?: string };
      // A refusal from the server carries its reply code; a transport failure (refused, timeout) none.
      if (typeof failure.responseCode === 'number') return { ok: false, status: failure.responseCode, detail: clip(failure.message ?? String(error)) };
      throw error;
    } finally {
      transport.close();
    }
  },
};
