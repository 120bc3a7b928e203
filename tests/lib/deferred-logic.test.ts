import { describe, expect, it } from 'vitest';
import { assign, createActor, sendParent, setup, type ActorRefFrom } from 'xstate';
import { createDeferredLogic } from '../../src/lib/deferred-logic.ts';

const counter = setup({ types: { context: {} as { count: number }, input: {} as { start: number } } }).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: input.start }),
  on: {
    add: { actions: [assign({ count: ({ context }) => context.count + 1 }), sendParent(({ context }) => ({ type: 'counted', count: context.count }))] },
  },
});

function parentOf(child: typeof counter) {
  return setup({
    types: { context: {} as { child: ActorRefFrom<typeof counter> | undefined; heard: number[] }, events: {} as { type: 'open' } | { type: 'counted'; count: number } },
    actors: { counter: child },
  }).createMachine({
    context: { child: undefined, heard: [] },
    on: {
      open: { actions: assign({ child: ({ spawn }) => spawn('counter', { systemId: 'counter', input: { start: 10 } }) }) },
      counted: { actions: assign({ heard: ({ context, event }) => [...context.heard, event.count] }) },
    },
  });
}

describe('createDeferredLogic', () => {
  it('spawns the loaded machine through its stand-in: input, events, the system and messages to the parent', async () => {
    const deferred = createDeferredLogic(async () => ({ counter }));
    const standIn = deferred.logic('counter', (module) => module.counter);
    expect(deferred.loaded).toBe(false);
    await deferred.load();
    expect(deferred.loaded).toBe(true);

    const parent = createActor(parentOf(standIn)).start();
    parent.send({ type: 'open' });
    const child = parent.system.get('counter') as ActorRefFrom<typeof counter>;
    expect(child.getSnapshot().context.count).toBe(10);
    child.send({ type: 'add' });
    child.send({ type: 'add' });
    expect(child.getSnapshot().context.count).toBe(12);
    expect(parent.getSnapshot().context.heard).toEqual([11, 12]);
  });

  it('refuses to be spawned before its code has loaded, naming it', () => {
    const deferred = createDeferredLogic(async () => ({ counter }));
    const parent = createActor(parentOf(deferred.logic('counter machine', (module) => module.counter)));
    const errors: unknown[] = [];
    parent.subscribe({ error: (error) => errors.push(error) });
    parent.start();
    parent.send({ type: 'open' });
    expect(String(errors[0])).toMatch(/counter machine: its code has not loaded yet/);
  });

  it('loads the module once however often it is asked, and again after a failed load', async () => {
    let calls = 0;
    const deferred = createDeferredLogic(async () => {
      calls++;
      if (calls === 1) throw new Error('chunk failed');
      return { counter };
    });
    await expect(deferred.load()).rejects.toThrow('chunk failed');
    await Promise.all([deferred.load(), deferred.load(), deferred.load()]);
    expect(calls).toBe(2);
  });

  it('makes the real logic once, on first use, with what the module holds', async () => {
    let made = 0;
    const deferred = createDeferredLogic(async () => ({ counter }));
    const standIn = deferred.logic('counter', (module) => {
      made++;
      return module.counter.provide({});
    });
    expect(made).toBe(0);
    await deferred.load();
    createActor(standIn, { input: { start: 1 } }).start();
    createActor(standIn, { input: { start: 2 } }).start();
    expect(made).toBe(1);
  });
});
