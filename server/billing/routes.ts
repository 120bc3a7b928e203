import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { receiveWebhook, requireBillingOn, startCheckout, verifyPayment } from './use-cases.ts';

// Stripe sends small events, but an invoice's lines can take it past the API's 64 KiB.
const webhookBodyLimit = 1024 * 1024;

/**
 * Billing: plans and usage, Embedded Checkout, payment verification, Stripe's webhook, invoices, the customer portal
 * and the project limit. Every route but the project limit answers 404 while billing is off; Stripe's own failures
 * answer 502, so Stripe retries a webhook it could not get applied. A signed webhook that is not Stripe's shape answers
 * 200 with `ignored` (ADR 019).
 */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // First, so that billing being off answers the same to everyone, signed in or not.
  const whenOn = async () => requireBillingOn(ctx);
  const auth = { preHandler: [whenOn, app.authenticate] };

  app.get(endpoints.subscriptions.path, auth, async (request) => ctx.billing.overview(currentUser(request).id));

  app.post(endpoints.checkout.path, { ...auth, config: { costlyWork: 'checkout' } }, async (request, reply) => {
    const user = currentUser(request);
    const { plan_id } = parse(endpoints.checkout.body, request.body);
    return reply.code(201).send(await startCheckout(ctx, user, plan_id));
  });

  app.post(endpoints.verifyPayment.path, auth, async (request) => {
    const user = currentUser(request);
    const { session_id } = parse(endpoints.verifyPayment.body, request.body);
    return verifyPayment(ctx, user.id, session_id);
  });

  app.get(endpoints.invoices.path, auth, async (request) => ctx.billing.invoices(currentUser(request).id));

  // Each opening asks Stripe for a session, like a checkout: the two share the user's window of Stripe sessions.
  app.post(endpoints.billingPortal.path, { ...auth, config: { costlyWork: 'checkout' } }, async (request) => ctx.billing.portal(currentUser(request).id));

  // Plan limits hold while billing is off too (Free's), so this one answers then; its path sits with the projects'.
  app.get(endpoints.projectLimit.path, { preHandler: app.authenticate }, async (request) => ctx.billing.projectAllowance(currentUser(request).id));

  // Its own scope: Stripe signs the raw bytes, so this route alone reads every body as a Buffer (CSRF exempts it in app.ts).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    webhook.post(endpoints.stripeWebhook.path, { preHandler: whenOn, bodyLimit: webhookBodyLimit }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const payload = Buffer.isBuffer(request.body) ? request.body : undefined;
      return receiveWebhook(ctx, payload, typeof signature === 'string' ? signature : undefined);
    });
  });
}
