import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { endpoints } from '../../src/contract/endpoints.ts';
import { requestMeta, type AppContext } from '../context.ts';
import { DomainError, invalid, notFound } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';
import { accountView } from './views.ts';
import { normalizeEmail, type User } from './users-repository.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from './passwords.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import { tooManyRequestsFor, type LoginAttempt } from '../platform/rate-limiter.ts';
import { RefreshReuseError } from './sessions.ts';

const hour = 3600 * 1000;
const verifyLinkLifetime = 7 * 24 * hour;
const resetLinkLifetime = hour;
// Answers that must not tell whether an address exists all take at least this long.
const uniformAnswerMs = 400;

const sameAnswer = { detail: 'If an account exists for this address, we have sent it an email.' };

async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}

/** Spec §7 auth endpoints plus verification and the token refresh/logout pair. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { users, oneTimeTokens, sessions, audit, mailer, rateLimiter, settings } = ctx;

  async function sendVerification(user: User) {
    const { token, hash } = newSecretToken();
    await oneTimeTokens.create(user.id, 'verify', hash, new Date(Date.now() + verifyLinkLifetime));
    mailer.send(verificationMail(user.email, user.name, `${settings.PUBLIC_URL}/auth/verify/${token}`));
  }

  async function loginAnswer(user: User) {
    const tokens = await sessions.start(user.id);
    return { ...tokens, project: await users.hasProject(user.id), user: accountView(user, ctx) };
  }

  app.post(endpoints.signup.path, async (request, reply) => {
    const body = parse(endpoints.signup.body, request.body);
    await rateLimiter.consume('signupPerAddress', request.ip);
    await refuseCommonPassword(body.password);
    const user = await users.create({
      email: body.email,
      name: body.name.trim(),
      companyName: body.company_name?.trim() ?? '',
      passwordHash: await hashPassword(body.password),
    });
    if (!user) throw invalid({ email: ['An account with this email already exists.'] });
    await sendVerification(user);
    await audit.record('signup', requestMeta(request), user.id);
    return reply.code(201).send({ detail: 'Account created. Check your email for the link to confirm your address.', email: user.email });
  });

  app.post(endpoints.verify.path, async (request) => {
    const { token } = parse(endpoints.verify.body, request.body);
    const userId = await oneTimeTokens.consume(hashSecretToken(token), 'verify');
    if (!userId) throw new DomainError('invalid', 'This verification link is invalid, expired or already used.');
    await users.markVerified(userId);
    await oneTimeTokens.spendAll(userId, 'verify');
    await audit.record('verify', requestMeta(request), userId);
    return { detail: 'Email address confirmed. You can log in now.' };
  });

  /**
   * The answer to "mail me a link": the same words in at least the same time whether or not the account exists or
   * is `eligible` (no account enumeration), and at most a few mails per address and per account and purpose.
   */
  async function mailIfAccount(
    endpoint: typeof endpoints.verifyResend | typeof endpoints.resetEmailSend,
    request: FastifyRequest,
    purpose: 'verify' | 'reset',
    eligible: (user: User) => boolean,
    send: (user: User) => Promise<void>,
  ) {
    const { email } = parse(endpoint.body, request.body);
    await rateLimiter.consume('mailPerAddress', request.ip);
    return atLeast(
      uniformAnswerMs,
      (async () => {
        const user = await users.findByEmail(email);
        if (user && eligible(user) && (await rateLimiter.allow('mailPerAccount', `${purpose}:${user.id}`))) await send(user);
        return sameAnswer;
      })(),
    );
  }

  app.post(endpoints.verifyResend.path, (request) => mailIfAccount(endpoints.verifyResend, request, 'verify', (user) => !user.emailVerifiedAt, sendVerification));

  // A browser that logged in to an account keeps a signed device cookie for it (one per account, sent to the login
  // only): the login limits then count its failures apart, so others' failures never hold it back.
  const deviceCookie = (account: string) => `login_device_${createHash('sha256').update(account).digest('base64url').slice(0, 16)}`;
  const secureCookies = settings.PUBLIC_URL.startsWith('https:');
  function knownDevice(request: FastifyRequest, account: string): string | undefined {
    const raw = request.cookies[deviceCookie(account)];
    if (raw === undefined) return undefined;
    const { valid, value } = request.unsignCookie(raw);
    return valid && value ? value : undefined;
  }

  app.post(endpoints.login.path, async (request, reply) => {
    const body = parse(endpoints.login.body, request.body);
    const meta = requestMeta(request);
    const account = normalizeEmail(body.email);
    const attempt: LoginAttempt = { account, address: request.ip, device: knownDevice(request, account) };
    const wait = await rateLimiter.loginWait(attempt);
    if (wait > 0) {
      await audit.record('login_throttled', meta, undefined, { email: account });
      throw tooManyRequestsFor(wait);
    }
    const user = await users.findByEmail(account);
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      await Promise.all([rateLimiter.loginFailed(attempt), audit.record('login_failed', meta, user?.id, { email: account })]);
      throw new DomainError('unauthenticated', 'No active account found with the given credentials.');
    }
    if (!user.emailVerifiedAt) {
      await audit.record('login_unverified', meta, user.id);
      throw new DomainError('forbidden', 'Please confirm your email address first: use the link we sent you, or ask for a new one.');
    }
    await rateLimiter.loginSucceeded(attempt);
    void reply.setCookie(deviceCookie(account), attempt.device ?? randomBytes(16).toString('base64url'), {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: endpoints.login.path,
      maxAge: 365 * 24 * 3600,
    });
    await audit.record('login', meta, user.id);
    return loginAnswer(user);
  });

  const googleClientId = settings.GOOGLE_CLIENT_ID;
  const googleKeys = createRemoteJWKSet(new URL(settings.GOOGLE_JWKS_URL));
  app.post(endpoints.googleLogin.path, async (request) => {
    if (!googleClientId) throw notFound();
    const { credential } = parse(endpoints.googleLogin.body, request.body);
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(credential, googleKeys, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: googleClientId,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new DomainError('unauthenticated', 'Google sign-in could not be verified. Please try again.');
    }
    const sub = claims.sub;
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!sub || !email || claims.email_verified !== true) throw new DomainError('unauthenticated', 'Your Google account has no verified email address.');
    let user = await users.findByGoogleSub(sub);
    if (!user) {
      const existing = await users.findByEmail(email);
      if (existing) {
        // Google vouches for the address, so the account that owns it is this person's.
        await users.linkGoogle(existing.id, sub);
        user = await users.findById(existing.id);
      } else {
        const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 150) : email.split('@')[0] ?? email;
        user = await users.create({ email, name, googleSub: sub, emailVerifiedAt: new Date() });
      }
    }
    if (!user) throw new DomainError('conflict', 'This Google account could not be linked. Please try again.');
    await audit.record('google_login', requestMeta(request), user.id);
    return loginAnswer(user);
  });

  app.post(endpoints.tokenRefresh.path, async (request) => {
    const { refresh } = parse(endpoints.tokenRefresh.body, request.body);
    try {
      const { tokens } = await sessions.refresh(refresh);
      return tokens;
    } catch (error) {
      if (error instanceof RefreshReuseError) await audit.record('refresh_reused', requestMeta(request));
      throw error;
    }
  });

  app.post(endpoints.logout.path, async (request) => {
    const { refresh } = parse(endpoints.logout.body, request.body);
    const userId = await sessions.end(refresh);
    await audit.record('logout', requestMeta(request), userId);
    return { detail: 'Logged out.' };
  });

  app.post(endpoints.resetEmailSend.path, (request) =>
    mailIfAccount(
      endpoints.resetEmailSend,
      request,
      'reset',
      () => true,
      async (user) => {
        const { token, hash } = newSecretToken();
        await oneTimeTokens.create(user.id, 'reset', hash, new Date(Date.now() + resetLinkLifetime));
        mailer.send(passwordResetMail(user.email, user.name, `${settings.PUBLIC_URL}/auth/reset-password?token=${token}`));
        await audit.record('reset_requested', requestMeta(request), user.id);
      },
    ),
  );

  app.patch(endpoints.resetPassword.path, async (request) => {
    const body = parse(endpoints.resetPassword.body, request.body);
    await refuseCommonPassword(body.password);
    const passwordHash = await hashPassword(body.password);
    const userId = await oneTimeTokens.consume(hashSecretToken(body.token), 'reset');
    if (!userId) throw invalid({ token: ['This reset link is invalid, expired or already used.'] });
    await users.setPassword(userId, passwordHash);
    // Whoever could read the mailbox could also confirm the address.
    await users.markVerified(userId);
    await oneTimeTokens.spendAll(userId, 'reset');
    await sessions.endAll(userId, 'password reset');
    const user = await users.findById(userId);
    if (user) await rateLimiter.clear('loginFailuresPerAccount', user.email);
    await audit.record('reset_done', requestMeta(request), userId);
    return { detail: 'Your password has been changed. Please log in with the new one.' };
  });
}
