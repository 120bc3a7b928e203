import { afterAll, it } from 'vitest';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import type { StandInPlan } from '../support/stripe-stand-in.ts';
import type { MachineName } from './machines.ts';
import { machinePaths, skippedEvents, walkPath } from './walk.ts';

const plans: StandInPlan[] = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: 10, studies_per_project: 10 }];

/**
 * One Chromium suite per machine: the app as `npm start` runs it (billing against the Stripe stand-in for the checkout),
 * one test per path of the machine's graph, named by the path, and a last line saying how many paths and steps ran.
 */
export function describeModelUi(machine: MachineName) {
  describeE2e(`model-based UI: the ${machine} machine's paths in Chromium`, () => {
    const billing = machine === 'checkout';
    const e2e = e2eSetup({
      // Limits out of the way: the paths make many projects and studies for one user.
      env: { FREE_PROJECTS: '1000', FREE_STUDIES_PER_PROJECT: '1000' },
      ...(billing ? { stripe: { plans, prices: { price_pro_monthly: { unit_amount: 4900, currency: 'usd' } } } } : {}),
    });
    const paths = machinePaths(machine);
    let ran = 0;
    let steps = 0;
    for (const { event, reason } of skippedEvents(machine)) console.log(`${machine}: the walk skips "${event}": ${reason}`);

    for (const path of paths) {
      it(`${machine}: ${path.name}`, async () => {
        await walkPath(
          {
            url: (to) => e2e.url(to),
            newPage: () => e2e.newPage({ viewport: { width: 1440, height: 900 } }),
            app: e2e.app,
            ...(billing ? { stripe: e2e.stripe } : {}),
          },
          path,
          async () => {
            steps++;
          },
        );
        ran++;
      });
    }

    afterAll(() => {
      console.log(`model-based UI, ${machine}: ${ran} of ${paths.length} paths walked, ${steps} steps asserted`);
    });
  });
}
