import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { billingMessages, CheckoutBody, VerifyPaymentBody } from '../../src/contract/billing.ts';
import type { AppContext } from '../context.ts';
import { DomainError } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { billingRefusal, verificationsRefused } from './service.ts';

// Stripe sends small events, but an invoice's lines can take it past the API's 64 KiB.
const webhookBodyLimit = 1024 * 1024;

/**
 * Billing: plans and usage, Embedded Checkout, payment verification, Stripe's webhook and invoices. Every route answers
 * 404 while billing is off; Stripe's own failures answer 502, so Stripe retries a webhook it could not get applied. A signed
 * webhook that is not Stripe's shape answers 200 with `ignored` (ADR 019).
 */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { billing, rateLimiter } = ctx;

  /** Runs a billing call, answering Stripe's own failures as a provider that failed (logged: they are ours to look at). */
  async function answer<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        app.log.warn({ err: { type: error.type, code: error.code, statusCode: error.statusCode, message: error.message } }, 'a Stripe request failed');
        throw new DomainError('upstreamFailed', billingMessages.providerFailed);
      }
      throw error;
    }
  }

  // First, so that billing being off answers the same to everyone, signed in or not.
  const whenOn = async () => {
    if (!billing.enabled) throw billingRefusal('off');
  };
  const auth = { preHandler: [whenOn, app.authenticate] };

  app.get('/api/subscriptions_list/', auth, async (request) => {
    const user = currentUser(request);
    return answer(() => billing.overview(user.id));
  });

  app.post('/api/stripe/checkout/', { ...auth, config: { costlyWork: 'checkout' } }, async (request, reply) => {
    const user = currentUser(request);
    const { plan_id } = parse(CheckoutBody, request.body);
    return reply.code(201).send(await answer(() => billing.startCheckout(user, plan_id.trim())));
  });

  app.post('/api/stripe/verify-payment/', auth, async (request) => {
    const user = currentUser(request);
    const { session_id } = parse(VerifyPaymentBody, request.body);
    const askingStripe = async () => {
      if (!(await rateLimiter.allow('verifyPaymentPerUser', user.id))) throw verificationsRefused(rateLimiter.limits.verifyPaymentPerUser);
    };
    return answer(() => billing.verifyPayment(user.id, session_id.trim(), askingStripe));
  });

  app.get('/api/invoices/', auth, async (request) => {
    const user = currentUser(request);
    return answer(() => billing.invoices(user.id));
  });

  // Its own scope: Stripe signs the raw bytes, so this route alone reads every body as a Buffer (CSRF exempts it in app.ts).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    webhook.post('/api/stripe/webhook/', { preHandler: whenOn, bodyLimit: webhookBodyLimit }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const payload = Buffer.isBuffer(request.body) ? request.body : undefined;
      const outcome = await answer(() => billing.webhook(payload, typeof signature === 'string' ? signature : undefined));
      return { received: true, ...outcome };
    });
  });
}
