import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createConfirmedAccount } from './accounts.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from './app-process.ts';
import { logInThroughUi } from './browser.ts';
import { HttpClient } from './http-client.ts';
import { startStripeStandIn, type StandInPlan, type StripeStandIn } from './stripe-stand-in.ts';

export interface Account {
  email: string;
  password: string;
}

/** Where the app goes after a login, as `page.waitForURL` takes it. */
type Landing = Parameters<Page['waitForURL']>[0];
const leftAuth: Landing = (url) => !url.pathname.startsWith('/auth');

/** describe() for the Chromium suites: skipped with the reason printed where there is no Chromium, an error under REQUIRE_E2E=1. */
export function describeE2e(name: string, body: () => void) {
  const reason = browserUnavailable();
  if (reason) {
    if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${reason}`);
    console.warn(`skipped "${name}": ${reason}`);
  }
  describe.skipIf(!!reason)(name, body);
}

interface LogInOptions {
  account?: Account;
  landing?: Landing;
}

/** One app of a suite: its addresses, and users made on it over the API or logged in on its screens. */
export class E2eApp {
  constructor(private readonly current: () => AppProcess) {}

  /** The app as `npm start` runs it; there from the suite's beforeAll on. */
  get app() {
    return this.current();
  }

  url(path: string) {
    return `${this.app.baseUrl}${path}`;
  }

  confirmedAccount(email?: string, password?: string): Promise<Account> {
    return createConfirmedAccount(this.app.baseUrl, this.app.dataDir, email, password);
  }

  /** A client logged in over the API as `account`, a new confirmed one unless given. */
  async signedInClient(account?: Account) {
    const user = account ?? (await this.confirmedAccount());
    const client = new HttpClient(this.app.baseUrl);
    client.access = (await client.post<{ access: string }>('/api/user/login/', { email: user.email, password: user.password })).body.access;
    return { account: user, client };
  }

  /** A new confirmed user with one project, created over the API from `project` (the create request's body). */
  async withProject(project: Record<string, unknown>) {
    const { account, client } = await this.signedInClient();
    const created = await client.post<{ id: string; name: string }>('/api/project/create/', project);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { account, client, project: created.body };
  }

  /** Logs `account` (a new confirmed one unless given) in on the login screen, then waits for `landing` (anywhere outside /auth). */
  async logIn(page: Page, { account, landing = leftAuth }: LogInOptions = {}) {
    const user = account ?? (await this.confirmedAccount());
    await logInThroughUi(page, this.app.baseUrl, user);
    await page.waitForURL(landing);
    return user;
  }
}

export interface E2eOptions {
  /** The app's settings, as its environment; a function is read when the suite starts (after the caller's earlier beforeAll). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Billing on against a Stripe stand-in with these plans; its customer portal delivers its webhooks to the app. */
  stripe?: { plans: StandInPlan[]; prices?: NonNullable<Parameters<typeof startStripeStandIn>[0]>['prices'] };
}

/** A suite's app, Chromium, and the Stripe stand-in when asked for. */
export class E2eSuite extends E2eApp {
  private readonly others: { env: Record<string, string>; app?: AppProcess }[] = [];
  private state: { app?: AppProcess; browser?: Browser; stripe?: StripeStandIn } = {};

  constructor(options: E2eOptions) {
    super(() => started(this.state.app, 'the app'));
    beforeAll(async () => {
      const { stripe: billing, env } = options;
      const stripe = billing && (this.state.stripe = await startStripeStandIn({ prices: billing.prices }));
      // Each kept as soon as it is up, so that afterAll closes what started even when another part failed.
      await Promise.all([
        startAppProcess({ ...(billing && stripe?.env(billing.plans)), ...(typeof env === 'function' ? env() : env) }).then((app) => (this.state.app = app)),
        chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }).then((browser) => (this.state.browser = browser)),
        ...this.others.map(async (other) => (other.app = await startAppProcess(other.env))),
      ]);
      if (stripe) stripe.webhookTarget = this.app.baseUrl;
    });
    afterAll(async () => {
      const { app, browser, stripe } = this.state;
      await browser?.close();
      await Promise.all([app?.stop(), ...this.others.map((other) => other.app?.stop())]);
      await stripe?.close();
    });
  }

  get browser() {
    return started(this.state.browser, 'Chromium');
  }

  /** The Stripe stand-in, when the suite asked for one. */
  get stripe() {
    return started(this.state.stripe, 'the Stripe stand-in');
  }

  /** A page in a context of its own. */
  async newPage(context?: BrowserContextOptions) {
    return (await this.browser.newContext(context)).newPage();
  }

  /** A page in a context of its own, logged in as `logIn` does. */
  async signedInPage(context: BrowserContextOptions, login?: LogInOptions) {
    const page = await this.newPage(context);
    await this.logIn(page, login);
    return page;
  }

  /** Another app, started beside the first with settings of its own (billing off, say) and stopped with it. */
  another(env: Record<string, string> = {}) {
    const other: (typeof this.others)[number] = { env };
    this.others.push(other);
    return new E2eApp(() => started(other.app, 'the other app'));
  }
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not there yet: read it in a test or a hook, once the suite has started`);
  return value;
}

/**
 * The setup of a Chromium suite, as its beforeAll and afterAll: the app started as `npm start` starts it (and any
 * `another` beside it), Chromium, and a Stripe stand-in when asked for; all closed after the suite. Call it at the top
 * of a describeE2e body; read what it holds inside tests and hooks.
 */
export function e2eSetup(options: E2eOptions = {}) {
  return new E2eSuite(options);
}
