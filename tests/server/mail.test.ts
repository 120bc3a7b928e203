import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer.ts';
import { strongPassword, uniqueEmail } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describeApi('mail', () => {
  let smtp: SMTPServer;
  let received: ParsedMail[];
  let app: TestApp;

  beforeAll(async () => {
    received = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://plan.example.org/' }, captureMail: false });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification mail over real SMTP with a link built from PUBLIC_URL', async () => {
    const email = uniqueEmail('smtp');
    const signup = await app.client().post('/api/user/signup/', { name: 'Smtp User', email, password: strongPassword }, { headers: { host: 'evil.example.com' } });
    expect(signup.status).toBe(201);
    await expect.poll(() => received.find((m) => m.subject?.includes('Confirm')), { timeout: 10_000 }).toBeDefined();
    const mail = received.find((m) => m.subject?.includes('Confirm'))!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
    expect(mail.from?.text).toContain('no-reply@sunplot.local');
    const link = /https:\/\/plan\.example\.org\/auth\/verify\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    expect(mail.text).not.toContain('evil.example.com');
  });

  it('writes each message to the outbox as an .eml file when SMTP_URL is unset', async () => {
    const logged: object[] = [];
    const outboxDir = join(app.dataDir, 'outbox');
    const mailer = createMailer({ outboxDir, from: 'Sunplot <no-reply@sunplot.local>', logger: { info: (o) => logged.push(o), error: (o) => logged.push(o) } });
    mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Link: https://x.test/auth/verify/abc', html: '<p>hi</p>', link: 'https://x.test/auth/verify/abc' });
    await mailer.drain();
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(join(outboxDir, files[0]!)));
    expect(parsed.subject).toBe('Hello');
    expect(parsed.text).toContain('https://x.test/auth/verify/abc');
    expect(logged).toEqual([expect.objectContaining({ link: 'https://x.test/auth/verify/abc', to: 'a@example.com' })]);
  });
});
