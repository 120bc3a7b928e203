import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged in outbox mode so a self-hoster can follow it. */
  link?: string;
}

export interface Mailer {
  /** Queues a message and returns at once; failures are logged, never thrown at the caller. */
  send(message: MailMessage): void;
  /** Resolves when every queued message has been handed over (used on shutdown and in tests). */
  drain(): Promise<void>;
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

// RFC 5322 allows 998 characters a line; RFC 6152 (8BITMIME) allows UTF-8 text as it is.
const maxLineLength = 998;
const ascii = /^[\x20-\x7e\t\r\n]*$/;

/**
 * A text part written as it is, 7bit when ASCII and 8bit otherwise. nodemailer would pick quoted-printable for any
 * line over 76 characters (and ignores a 7bit or 8bit asked for), folding the one link a message is about with soft
 * line breaks; an .eml read as text, or a mail client that mishandles them, then has no link to follow. Content with a
 * line too long for SMTP is left to nodemailer's encoding.
 */
function asWritten(contentType: string, content: string) {
  if (content.split('\n').some((line) => Buffer.byteLength(line) > maxLineLength)) return content;
  const encoding = ascii.test(content) ? '7bit' : '8bit';
  return { raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${content}` };
}

/**
 * SMTP when `smtpUrl` is set, else every message becomes a .eml file in `outboxDir`. In outbox mode the log line names
 * the message's link, for whoever runs the server without mail to follow it, and `print` (the console, in main.ts)
 * gets the same words as one plain line ending in the link, which a terminal lets a person click whatever the log's
 * format; over SMTP the link (a secret for its addressee) is never logged or printed.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; logger: Logger; print?: (line: string) => void }): Mailer {
  const { smtpUrl, outboxDir, from, logger, print } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage) {
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: asWritten('text/plain', message.text),
      html: asWritten('text/html', message.html),
    });
    const summary = `mail to ${message.to}: "${message.subject}"`;
    if (smtpUrl) {
      logger.info({ to: message.to, subject: message.subject }, `${summary} sent over SMTP`);
      return;
    }
    await mkdir(outboxDir, { recursive: true });
    const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    const line = message.link ? `${summary} → ${message.link}` : `${summary} written to ${file}`;
    logger.info({ to: message.to, subject: message.subject, file }, line);
    print?.(line);
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((error: unknown) => logger.error({ err: error, to: message.to, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
