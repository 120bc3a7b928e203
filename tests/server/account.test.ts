import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/contract/validation.ts';
import { stepperMessage } from '../../src/contract/auth.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

const photoForm = (bytes: Uint8Array<ArrayBuffer>, filename: string, type: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('media_photo', new Blob([bytes], { type }), filename);
  return form;
};

describeApi('account API', () => {
  let app: TestApp;
  let client: HttpClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = app.client();
    await signUpAndLogIn(app, client);
  });
  afterAll(() => app?.close());

  it('shows the account without billing while Stripe is not configured', async () => {
    const account = await client.get('/api/user/account/get/');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ name: 'Asha Planner', company_name: '', media_photo: null, media_preview: null, show_subscription: false, stepper_id: 1 });
  });

  it('keeps the getting-started step (stepper_id, 1 by default) and refuses one that is not a whole step', async () => {
    const advanced = await client.patch('/api/user/account/edit/', { stepper_id: 3 });
    expect(advanced).toMatchObject({ status: 200, body: { stepper_id: 3 } });
    expect((await client.get('/api/user/account/get/')).body).toMatchObject({ stepper_id: 3 });
    for (const bad of [0, 2.5, 'two', 100]) {
      expect(await client.patch('/api/user/account/edit/', { stepper_id: bad })).toMatchObject({ status: 400, body: { errors: { stepper_id: [stepperMessage] } } });
    }
    expect((await client.get('/api/user/account/get/')).body).toMatchObject({ stepper_id: 3 });
  });

  it('edits name and company as JSON and as a form, with the spec messages on bad values', async () => {
    const json = await client.patch('/api/user/account/edit/', { name: 'Asha K', company_name: 'Sunworks' });
    expect(json.body).toMatchObject({ name: 'Asha K', company_name: 'Sunworks' });
    const form = new FormData();
    form.append('company_name', 'Sunworks India');
    expect((await client.patch('/api/user/account/edit/', form)).body).toMatchObject({ name: 'Asha K', company_name: 'Sunworks India' });
    const blank = await client.patch('/api/user/account/edit/', { name: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { errors: { name: [messages.notBlank] } } });
    const unknown = await client.patch('/api/user/account/edit/', { email: 'new@example.com' });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { email: ['Unknown field.'] } } });
    expect((await client.get('/api/user/account/get/')).body).toMatchObject({ name: 'Asha K', company_name: 'Sunworks India' });
  });

  it('re-encodes an uploaded photo without its EXIF data and serves photo and preview', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f5a623' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person', Copyright: 'GPS here' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const edited = await client.patch<{ media_photo: string; media_preview: string }>('/api/user/account/edit/', photoForm(jpeg, 'me.jpg', 'image/jpeg'));
    expect(edited.status).toBe(200);
    expect(edited.body.media_photo).toMatch(/^http:\/\/sunplot\.test\/media\/[a-f0-9]{32}\.webp$/);
    const photoPath = new URL(edited.body.media_photo).pathname;
    const served = await fetch(app.baseUrl + photoPath);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('Secret Person')).toBe(false);
    const preview = await sharp(Buffer.from(await (await fetch(app.baseUrl + new URL(edited.body.media_preview).pathname)).arrayBuffer())).metadata();
    expect(preview).toMatchObject({ width: 160, height: 160 });
  });

  it('refuses a script renamed .png, an empty file and oversized uploads, and keeps the old photo', async () => {
    const before = (await client.get('/api/user/account/get/')).body;
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const renamed = await client.patch('/api/user/account/edit/', photoForm(script, 'cat.png', 'image/png'));
    expect(renamed.status).toBe(415);
    const empty = await client.patch('/api/user/account/edit/', photoForm(new Uint8Array(0), 'empty.png', 'image/png'));
    expect(empty.status).toBe(400);
    const big = await client.patch('/api/user/account/edit/', photoForm(new Uint8Array(6 * 1024 * 1024), 'big.png', 'image/png', { name: 'Changed' }));
    expect(big.status).toBe(413);
    const huge = await client.patch('/api/user/account/edit/', photoForm(new Uint8Array(50 * 1024 * 1024), 'huge.png', 'image/png'));
    expect(huge.status).toBe(413);
    expect((await client.get('/api/user/account/get/')).body).toEqual(before);
  });

  it('needs a login, and 404s for media names that do not exist', async () => {
    expect((await client.get('/api/user/account/get/', { access: null })).status).toBe(401);
    expect((await client.patch('/api/user/account/edit/', { name: 'X' }, { access: null })).status).toBe(401);
    expect((await fetch(`${app.baseUrl}/media/${'0'.repeat(32)}.webp`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/media/..%2Fjwt-secret`)).status).toBe(404);
  });

  it('stores contact messages from anyone, validated and rate limited', async () => {
    const anon = app.client();
    const ok = await anon.post('/api/create-contact/', { name: 'Priya', email: 'priya@example.com', message: 'Can I self-host this?' });
    expect(ok.status).toBe(201);
    const bad = await anon.post('/api/create-contact/', { name: '', email: 'x', message: '   ' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { name: [messages.required], email: [messages.email], message: [messages.notBlank] } } });
    for (let i = 0; i < 4; i++) await anon.post('/api/create-contact/', { name: 'P', email: 'p@example.com', message: `m${i}` });
    const limited = await anon.post('/api/create-contact/', { name: 'P', email: 'p@example.com', message: 'one too many' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [stored] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from contact_messages`);
    expect(stored?.n).toBe(5);
  });
});
