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

/** SMTP when `smtpUrl` is set, else every message becomes a .eml file in `outboxDir`. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage) {
    const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    if (smtpUrl) {
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await mkdir(outboxDir, { recursive: true });
    const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    logger.info({ to: message.to, subject: message.subject, file, link: message.link }, 'mail written to outbox');
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
