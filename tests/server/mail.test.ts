import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer.ts';
import { verificationMail } from '../../server/mail/templates.ts';
import { strongPassword, uniqueEmail } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describeApi('mail', () => {
  let smtp: SMTPServer;
  /** Each message as it came over the wire, and parsed. */
  let received: { source: string; mail: ParsedMail }[];
  let smtpUrl: string;
  let app: TestApp;

  beforeAll(async () => {
    received = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const source = Buffer.concat(chunks);
          simpleParser(source)
            .then((mail) => {
              received.push({ source: source.toString('utf8'), mail });
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    app = await startTestApp({ env: { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://plan.example.org/' }, captureMail: false });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification mail over real SMTP with a link built from PUBLIC_URL', async () => {
    const email = uniqueEmail('smtp');
    const signup = await app.client().post('/api/user/signup/', { name: 'Smtp User', email, password: strongPassword }, { headers: { host: 'evil.example.com' } });
    expect(signup.status).toBe(201);
    const sent = () => received.find(({ mail }) => mail.to && 'text' in mail.to && mail.to.text === email);
    await expect.poll(sent, { timeout: 10_000 }).toBeDefined();
    const { source, mail } = sent()!;
    expect(mail.subject).toContain('Confirm');
    expect(mail.from?.text).toContain('no-reply@sunplot.local');
    const link = /https:\/\/plan\.example\.org\/auth\/verify\/[\w-]{43}/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    expect(mail.text).not.toContain('evil.example.com');
    // Whole as it travels, not folded with quoted-printable soft line breaks: in the text on a line of its own, and in the link of the HTML.
    expect(source.split('\r\n')).toContain(link);
    expect(source).toContain(`href="${link}"`);
    expect(source).not.toMatch(/quoted-printable/i);
  });

  it('keeps the link out of the log when the mail goes over SMTP', async () => {
    const logged: unknown[] = [];
    const mailer = createMailer({ smtpUrl, outboxDir: join(app.dataDir, 'unused-outbox'), from: 'Sunplot <no-reply@sunplot.local>', logger: { info: (...entry) => logged.push(entry), error: (...entry) => logged.push(entry) } });
    const link = `https://plan.example.org/auth/verify/${'t'.repeat(43)}`;
    mailer.send(verificationMail('smtp-log@example.com', 'Ravi', link));
    await mailer.drain();
    expect(received.some(({ mail }) => mail.text?.includes(link))).toBe(true);
    expect(logged).toEqual([[{ to: 'smtp-log@example.com', subject: 'Confirm your email address for Sunplot' }, 'mail to smtp-log@example.com: "Confirm your email address for Sunplot" sent over SMTP']]);
    expect(JSON.stringify(logged)).not.toContain('t'.repeat(43));
  });

  it('writes each message to the outbox as an .eml file with its link whole, and logs one line with the link, when SMTP_URL is unset', async () => {
    const logged: unknown[] = [];
    const outboxDir = join(app.dataDir, 'outbox');
    const mailer = createMailer({ outboxDir, from: 'Sunplot <no-reply@sunplot.local>', logger: { info: (...entry) => logged.push(entry), error: (...entry) => logged.push(entry) } });
    // As long as a real one: a 43-character token behind the longest PUBLIC_URL of the examples; a name that is not ASCII.
    const link = `http://localhost:3000/auth/verify/${'Ab_-9'.repeat(8)}xyz`;
    mailer.send(verificationMail('a@example.com', 'Zoë', link));
    await mailer.drain();
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const source = await readFile(join(outboxDir, files[0]!), 'utf8');
    expect(source.split('\n')).toContain(link);
    expect(source).toContain(`href="${link}"`);
    const parsed = await simpleParser(source);
    expect(parsed.subject).toBe('Confirm your email address for Sunplot');
    expect(parsed.text).toContain('Hello Zoë,');
    expect(parsed.text).toContain(`\n${link}\n`);
    expect(logged).toEqual([[expect.objectContaining({ to: 'a@example.com', file: join(outboxDir, files[0]!) }), `mail to a@example.com: "Confirm your email address for Sunplot" → ${link}`]]);
  });
});
