import type { AnyActorLogic } from 'xstate';

/**
 * Actor logic whose code loads later. An actor system names every child's logic when it is made (the session
 * machine's `provide`), but the children of a signed-in user need not ship with the landing page: each stand-in
 * forwards to the real logic once `load()` has settled. Spawning one earlier throws, so whatever spawns these
 * children must wait for `load()` first (the app loads them with every lazy screen, the only places that do).
 */
export function createDeferredLogic<TModule>(loadModule: () => Promise<TModule>) {
  let module: TModule | undefined;
  let loading: Promise<void> | undefined;
  return {
    load: (): Promise<void> =>
      (loading ??= loadModule().then(
        (loaded) => void (module = loaded),
        (error: unknown) => {
          loading = undefined; // a failed chunk load (a deploy, a dropped connection) is tried again next time
          throw error;
        },
      )),
    get loaded() {
      return module !== undefined;
    },
    /** A stand-in for the logic `make` builds from the loaded module (made once, on first use). */
    logic<TLogic extends AnyActorLogic>(name: string, make: (module: TModule) => TLogic): TLogic {
      let made: TLogic | undefined;
      const real = (): TLogic => {
        if (module === undefined) throw new Error(`${name}: its code has not loaded yet (await load() before spawning it)`);
        return (made ??= make(module));
      };
      return new Proxy({} as TLogic, {
        get(_, key) {
          const logic = real();
          const value: unknown = Reflect.get(logic, key, logic);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logic) : value;
        },
        has: (_, key) => Reflect.has(real(), key),
      });
    },
  };
}
