import type { Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createConfirmedAccount } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import type { StripeStandIn } from '../support/stripe-stand-in.ts';

/** A model event: a machine event, or an effect's outcome with its `output` / `error`. */
export type ModelEvent = EventObject & Record<string, unknown>;

/** What a walk needs from the running app (tests/support/e2e-setup.ts gives all of it). */
export interface WalkEnv {
  url: (path: string) => string;
  /** A page in a browser context of its own. */
  newPage: () => Promise<Page>;
  /** The app as `npm start` runs it: where it answers and where its outbox is. */
  app: { baseUrl: string; dataDir: string };
  /** The Stripe stand-in the app bills against (the checkout machine's paths need it). */
  stripe?: StripeStandIn;
}

export interface Account {
  email: string;
  password: string;
}

/** A user signed in over the API: the tokens a browser would hold, and a client to make their data. */
export interface SignedIn {
  account: Account;
  client: HttpClient;
  access: string;
  refresh: string;
}

/**
 * One walk's hands: the page, the app's API for making data, the requests it holds (the stand-in for a slow effect:
 * a busy state stays on screen until the path's next step answers it) and in-app navigation.
 */
export class Walker {
  /** The model's snapshot before the step being played, and the step after it (for an action that looks ahead). */
  before: AnyMachineSnapshot | null = null;
  next: ModelEvent | undefined;
  /** Whatever the machine's start made (accounts, projects, ids), for the later actions. */
  readonly data: Record<string, unknown> = {};
  private readonly holds = new Map<string, Promise<Route>>();

  constructor(
    readonly page: Page,
    readonly env: WalkEnv,
  ) {}

  /** Holds the next request to `path` (with its query ignored) until `release(effect)`. */
  async hold(effect: string, path: string, method?: string) {
    let caught!: (route: Route) => void;
    const route = new Promise<Route>((resolve) => (caught = resolve));
    let taken = false;
    // Never unrouted: unroute lets a caught request go on. Once it has one, the handler passes every later request on.
    await this.page.route(
      (url) => url.pathname === path,
      (intercepted) => {
        if (taken || (method && intercepted.request().method() !== method)) return intercepted.fallback();
        taken = true;
        caught(intercepted);
      },
    );
    this.holds.set(effect, route);
  }

  /** Lets the held request of `effect` go: on to the server, or answered here with a status and a JSON body. */
  async release(effect: string, answer: 'server' | { status: number; body?: unknown }) {
    const pending = this.holds.get(effect);
    if (!pending) throw new Error(`No request of '${effect}' is held; held: ${[...this.holds.keys()].join(', ') || 'none'}`);
    this.holds.delete(effect);
    const route = await Promise.race([pending, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`The app never sent the request of '${effect}'`)), 20_000))]);
    if (answer === 'server') await route.continue();
    else await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body === undefined ? '' : JSON.stringify(answer.body) });
  }

  isHeld(effect: string) {
    return this.holds.has(effect);
  }

  /** Follows an in-app link to `path`: the app stays loaded, as when the user clicks a link (a reload would restart it). */
  async go(path: string) {
    await this.page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  pathname() {
    return new URL(this.page.url()).pathname;
  }

  /** Opens the app at `path` with the session a browser keeps after a login (spec §3's four localStorage values). */
  async openSignedIn(user: SignedIn, path: string, project: boolean) {
    await this.page.goto(this.env.url('/api/health/'));
    await this.page.evaluate(
      ({ access, refresh, flag }) => {
        localStorage.setItem('accessToken', access);
        localStorage.setItem('refreshToken', refresh);
        localStorage.setItem('project', flag);
      },
      { access: user.access, refresh: user.refresh, flag: String(project) },
    );
    await this.page.goto(this.env.url(path));
  }

  /** A new confirmed user, logged in over the API. */
  async newUser(): Promise<SignedIn> {
    const account = await createConfirmedAccount(this.env.app.baseUrl, this.env.app.dataDir);
    return this.signIn(account);
  }

  async signIn(account: Account): Promise<SignedIn> {
    const client = new HttpClient(this.env.app.baseUrl);
    const login = await client.post<{ access: string; refresh: string }>('/api/user/login/', { email: account.email, password: account.password });
    if (login.status !== 200) throw new Error(`login of ${account.email} answered ${login.status}`);
    client.access = login.body.access;
    return { account, client, access: login.body.access, refresh: login.body.refresh };
  }
}

/** A project's URL name, as the app makes it ("Model Farm One" → "model-farm-one"). */
export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
