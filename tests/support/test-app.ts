import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppDeps } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { loadSettings } from '../../server/env.ts';
import type { MailMessage, Mailer } from '../../server/mail/mailer.ts';
import { HttpClient } from './http-client.ts';
import { openTestDatabase } from './test-db.ts';

/** A mailer that keeps what it is given, for tests that read the links out of mail. */
export function captureMailer(): Mailer & { sent: MailMessage[]; linkTo(address: string): string } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: (message) => void sent.push(message),
    drain: async () => {},
    linkTo(address) {
      const message = sent.filter((m) => m.to === address).at(-1);
      if (!message?.link) throw new Error(`no mail with a link was sent to ${address}`);
      return message.link;
    },
  };
}

export interface TestApp {
  baseUrl: string;
  database: Database;
  mail: ReturnType<typeof captureMailer>;
  dataDir: string;
  client(): HttpClient;
  close(): Promise<void>;
}

/**
 * The whole API listening on a loopback port over a test database; one per test file.
 * `env` adds settings as the environment would; `deps` replaces parts (limits, mailer).
 */
export async function startTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; database?: Database; /** false: send mail as the settings say */ captureMail?: boolean } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-test-'));
  const mail = captureMailer();
  const settings = loadSettings({ PUBLIC_URL: 'http://sunplot.test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ settings, database, dataDir, jwtSecret: 'test-secret-that-is-long-enough-for-hs256!', version: 'test', mailer: options.captureMail === false ? undefined : mail, ...options.deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    database,
    mail,
    dataDir,
    client: () => new HttpClient(baseUrl),
    async close() {
      await app.close();
      // A database passed in belongs to the caller.
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
