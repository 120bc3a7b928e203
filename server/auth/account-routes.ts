import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { passwordChangeMessages } from '../../src/contract/password-change.ts';
import { requestMeta, type AppContext } from '../context.ts';
import { currentLogin, currentUser, signedIn } from './request-user.ts';
import { invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { maxPhotoBytes } from '../platform/media.ts';
import { tooManyRequestsFor, type LoginAttempt } from '../platform/rate-limiter.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from './passwords.ts';
import { accountView } from './views.ts';

/** The account form: text fields by name, and the bytes of the one `media_photo` file. */
async function readAccountForm(request: FastifyRequest) {
  const { fields, file } = await readUploadForm(request, { fileField: 'media_photo', maxBytes: maxPhotoBytes });
  return { fields, photo: file?.bytes };
}

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { users, media, audit, rateLimiter, sessions, oneTimeTokens, mailer, settings } = ctx;

  // Served from the answer cache until the user's row or logins change; a miss reads the user with the login.
  app.get(endpoints.accountGet.path, { preHandler: app.authenticate, config: { loginInQuery: true, answerCache: true } }, async (request) =>
    accountView(signedIn(request, await users.findByActiveLogin(currentLogin(request))), ctx),
  );

  app.patch(endpoints.accountEdit.path, { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const { fields, photo } = request.isMultipart() ? await readAccountForm(request) : { fields: request.body, photo: undefined };
    const body = parse(endpoints.accountEdit.body, fields);
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

  /**
   * A new password, proven by the current one. Wrong guesses count as failed logins of the account (a stolen access
   * token must not become a way round the login limits); success ends every other login and mails the owner.
   */
  app.patch(endpoints.passwordChange.path, { preHandler: app.authenticate }, async (request) => {
    const body = parse(endpoints.passwordChange.body, request.body);
    const { familyId } = currentLogin(request);
    // Read again rather than from the answer cache's copy: the hash is what is checked.
    const user = requireOwned(await users.findById(currentUser(request).id));
    const meta = requestMeta(request);
    const attempt: LoginAttempt = { account: user.email, address: request.ip };
    const wait = await rateLimiter.loginWait(attempt);
    if (wait > 0) {
      await audit.record('password_change_throttled', meta, user.id);
      throw tooManyRequestsFor(wait);
    }
    if (!user.passwordHash) throw invalid({ current_password: [passwordChangeMessages.noPassword] });
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      await Promise.all([rateLimiter.loginFailed(attempt), audit.record('password_change_failed', meta, user.id)]);
      throw invalid({ current_password: [passwordChangeMessages.wrongCurrent] });
    }
    await rateLimiter.loginSucceeded(attempt);
    if (body.new_password === body.current_password) throw invalid({ new_password: [passwordChangeMessages.sameAsCurrent] });
    await refuseCommonPassword(body.new_password, 'new_password');
    await users.setPassword(user.id, await hashPassword(body.new_password));
    await sessions.endAll(user.id, 'password changed', familyId);
    // A reset link mailed before the change must not undo it.
    await oneTimeTokens.spendAll(user.id, 'reset');
    await audit.record('password_changed', meta, user.id);
    mailer.send(passwordChangedMail(user.email, user.name, `${settings.PUBLIC_URL}/auth/forgot-password`));
    return { detail: 'Your password has been changed. You stay logged in here; every other session has been logged out.' };
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
