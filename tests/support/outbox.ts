import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** The newest link matching `pattern` in the .eml files the app wrote to DATA_DIR/outbox for `to`. */
export async function linkFromOutbox(dataDir: string, to: string, pattern: RegExp): Promise<string | undefined> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
  for (const file of files) {
    const mail = await simpleParser(await readFile(join(dir, file)));
    const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
    const link = recipient === to ? pattern.exec(mail.text ?? '')?.[0] : undefined;
    if (link) return link;
  }
  return undefined;
}
