import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountEditBody } from '../../src/contract/auth.ts';
import { requestMeta, type AppContext } from '../context.ts';
import { currentLogin, currentUser, signedIn } from './request-user.ts';
import { invalid, notFound } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { maxPhotoBytes } from '../platform/media.ts';
import { accountView } from './views.ts';

/** The account form: text fields by name, and the bytes of the one `media_photo` file. */
async function readAccountForm(request: FastifyRequest) {
  const { fields, file } = await readUploadForm(request, { fileField: 'media_photo', maxBytes: maxPhotoBytes });
  return { fields, photo: file?.bytes };
}

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { users, media, audit } = ctx;

  // Served from the answer cache until the user's row or logins change; a miss reads the user with the login.
  app.get('/api/user/account/get/', { preHandler: app.authenticate, config: { loginInQuery: true, answerCache: true } }, async (request) =>
    accountView(signedIn(request, await users.findByActiveLogin(currentLogin(request))), ctx),
  );

  app.patch('/api/user/account/edit/', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const { fields, photo } = request.isMultipart() ? await readAccountForm(request) : { fields: request.body, photo: undefined };
    const body = parse(AccountEditBody, fields);
    if (photo !== undefined && photo.length === 0) throw invalid({ media_photo: ['The submitted file is empty.'] });
    const saved = photo ? await media.saveProfilePhoto(photo) : undefined;
    const updated = await users.updateProfile(user.id, {
      name: body.name?.trim(),
      companyName: body.company_name?.trim(),
      mediaPhoto: saved?.photo,
      mediaPreview: saved?.preview,
      stepperId: body.stepper_id,
    });
    if (!updated) throw notFound();
    if (saved) await Promise.all([media.remove(user.mediaPhoto), media.remove(user.mediaPreview)]);
    await audit.record('account_edited', requestMeta(request), user.id, { fields: Object.keys(body), photo: !!saved });
    return accountView(updated, ctx);
  });

  // Names are 128 random bits, so a link is as private as the account page that shows it.
  app.get('/media/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!media.isMediaName(name)) throw notFound();
    const path = join(media.dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw notFound();
    return reply
      .type('image/webp')
      .header('content-length', info.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(createReadStream(path));
  });

}
