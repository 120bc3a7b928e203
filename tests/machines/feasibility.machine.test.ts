import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { genericErrorMessages, toFormErrors } from '../../machines/form-errors.ts';
import {
  feasibilityMachine,
  renameModalType,
  type FeasibilityEmitted,
  type NewStudy,
  type ProjectIdInput,
  type RenameStudyInput,
  type StudyIdInput,
} from '../../machines/feasibility.machine.ts';
import { feasibilityMessages, type FeasibilityStudy, type StudyCreateBody, type StudyLimit, type StudyList } from '../../src/contract/feasibility.ts';
import { EffectDoubles, flush, reachedStates, runModelPaths, settleEffectEvent, type ModelEvent } from './support/test-model.ts';

type FeasibilitySnapshot = SnapshotFrom<typeof feasibilityMachine>;

const projectId = 'project-1';
const input = { projectId };

/** Only the fields the machine reads; the rest of a study does not matter to it. */
const study = (id: string, name: string, createdAt: string, isPrimary: boolean) =>
  ({ id, project_id: projectId, name, is_primary: isPrimary, created_at: createdAt, updated_at: createdAt }) as unknown as FeasibilityStudy;
const first = study('study-a', 'Study 1', '2025-01-10T09:00:00.000Z', true);
const second = study('study-b', 'Study 2', '2025-02-10T09:00:00.000Z', false);
/** What createStudy answers: primary when it is the project's first study (the server's rule). */
const createdStudy = (isFirst: boolean) => study('study-c', 'South field', '2025-03-10T09:00:00.000Z', isFirst);
const listed: StudyList = { count: 2, results: [second, first] };
const empty: StudyList = { count: 0, results: [] };

const planLimit = 3;
const limitFor = (used: number): StudyLimit => ({ allowed: used < planLimit, used, limit: planLimit, detail: used < planLimit ? null : feasibilityMessages.limit(planLimit) });

const newStudy: NewStudy = { name: 'South field', weather: { source: 'pvgis' }, sizing: { gcr: 0.4 } };
const typedName = 'South field, phase 2';
const apiError = (status: number, data: unknown) => ({ status, data, retryAfter: null });
const ids = [first.id, second.id, createdStudy(false).id, 'study-missing'];

const studyIn = (snapshot: FeasibilitySnapshot, id: string | undefined) => snapshot.context.studies.find((candidate) => candidate.id === id);

/** The model's events; effect answers follow what the effect was asked, as the server's would. */
function eventsFor(snapshot: FeasibilitySnapshot): ModelEvent[] {
  const { context } = snapshot;
  const primaryTarget = studyIn(snapshot, context.primaryModal?.id);
  const renameTarget = studyIn(snapshot, context.renameModal?.id);
  const hasCreated = studyIn(snapshot, createdStudy(false).id) !== undefined;
  return [
    { type: 'studies.retry' },
    // One created study at a time keeps the graph finite; a deleted one can be created again.
    ...(hasCreated ? [] : [{ type: 'study.create', study: newStudy }]),
    { type: 'feedback.clear' },
    ...ids.flatMap((id) => [
      { type: 'primaryModal.open', id },
      { type: 'renameModal.open', id },
      { type: 'deleteModal.open', id },
    ]),
    { type: 'primaryModal.confirm' },
    { type: 'primaryModal.cancel' },
    { type: 'renameModal.edit', name: typedName },
    { type: 'renameModal.submit' },
    { type: 'renameModal.cancel' },
    { type: 'deleteModal.confirm' },
    { type: 'deleteModal.cancel' },
    { type: 'limit.refresh' },

    { type: 'xstate.done.actor.listStudies', output: listed },
    { type: 'xstate.done.actor.listStudies', output: empty },
    { type: 'xstate.error.actor.listStudies', error: apiError(0, undefined) },
    // While loading, the limit may be reached already; afterwards it counts the list.
    ...(snapshot.matches('loading') ? [limitFor(2), limitFor(planLimit)] : [limitFor(context.studies.length)]).map((output) => ({ type: 'xstate.done.actor.checkLimit', output })),
    { type: 'xstate.error.actor.checkLimit', error: apiError(502, undefined) },
    { type: 'xstate.done.actor.createStudy', output: createdStudy(context.studies.length === 0) },
    { type: 'xstate.error.actor.createStudy', error: apiError(400, { errors: { 'sizing.gcr': [feasibilityMessages.gcr] } }) },
    ...(primaryTarget ? [{ type: 'xstate.done.actor.setPrimaryStudy', output: { ...primaryTarget, is_primary: true } }] : []),
    { type: 'xstate.error.actor.setPrimaryStudy', error: apiError(400, { detail: feasibilityMessages.alreadyPrimary }) },
    ...(renameTarget && context.renameModal ? [{ type: 'xstate.done.actor.renameStudy', output: { ...renameTarget, name: context.renameModal.name } }] : []),
    { type: 'xstate.error.actor.renameStudy', error: apiError(400, { errors: { name: ['This is Required.'] } }) },
    { type: 'xstate.done.actor.deleteStudy', output: undefined },
    { type: 'xstate.error.actor.deleteStudy', error: apiError(404, { detail: 'Not found.' }) },
  ];
}


/**
 * What the guards read (the ids with their primary flag, whether the plan allows another study) and what the effects
 * are asked (the open modal). Names, messages and counts are left out: they change no transition, and the test
 * checks them against what it asked and what the doubles answered.
 */
const guardedContext = (snapshot: FeasibilitySnapshot) => ({
  studies: snapshot.context.studies.map(({ id, is_primary }) => [id, is_primary]),
  allowed: snapshot.context.limit?.allowed ?? null,
  modals: [snapshot.context.primaryModal, snapshot.context.renameModal, snapshot.context.deleteModal],
});

/**
 * What the server answers to what the effect was actually asked. The model's own answer comes from the first path
 * that reached the state, whose study names may differ from this path's (names are not part of the state).
 */
function answerTo(event: ModelEvent, before: FeasibilitySnapshot, doubles: EffectDoubles): unknown {
  const asked = (src: string) => doubles.pending().find((effect) => effect.src === src)?.input as RenameStudyInput;
  if (event.type === 'xstate.done.actor.setPrimaryStudy') return { ...studyIn(before, asked('setPrimaryStudy').id), is_primary: true };
  if (event.type === 'xstate.done.actor.renameStudy') return { ...studyIn(before, asked('renameStudy').id), name: asked('renameStudy').name };
  return event.output;
}

function createSystemUnderTest() {
  const doubles = new EffectDoubles();
  const actor = createActor(
    feasibilityMachine.provide({
      actors: {
        listStudies: doubles.actor<StudyList, ProjectIdInput>('listStudies'),
        checkLimit: doubles.actor<StudyLimit, ProjectIdInput>('checkLimit'),
        createStudy: doubles.actor<FeasibilityStudy, StudyCreateBody>('createStudy'),
        setPrimaryStudy: doubles.actor<FeasibilityStudy, StudyIdInput>('setPrimaryStudy'),
        renameStudy: doubles.actor<FeasibilityStudy, RenameStudyInput>('renameStudy'),
        deleteStudy: doubles.actor<unknown, StudyIdInput>('deleteStudy'),
      },
    }),
    { input },
  );
  const emitted: FeasibilityEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  return { actor, doubles, emitted };
}

function expectOnePrimary(studies: FeasibilityStudy[]) {
  const primaries = studies.filter((candidate) => candidate.is_primary);
  expect(primaries.length).toBe(studies.length === 0 ? 0 : 1);
  expect(new Set(studies.map((candidate) => candidate.id)).size).toBe(studies.length);
}

describe('feasibility machine', () => {
  const paths = runModelPaths('feasibility machine', feasibilityMachine, {
    events: eventsFor,
    input,
    serializeContext: guardedContext,
    run: () => {
      const { actor, doubles, emitted } = createSystemUnderTest();
      /** What the user asked, remembered by the test rather than read back from the machine. */
      const asked = { primary: null as string | null, rename: null as string | null, name: null as string | null, delete: null as string | null };
      const announced: FeasibilityEmitted[] = [];

      const execute = async (event: ModelEvent) => {
        const before = actor.getSnapshot();
        if (event.type === 'primaryModal.open') asked.primary = event.id as string;
        if (event.type === 'renameModal.open') {
          asked.rename = event.id as string;
          asked.name = studyIn(before, asked.rename)!.name;
        }
        if (event.type === 'renameModal.edit') asked.name = event.name as string;
        if (event.type === 'deleteModal.open') asked.delete = event.id as string;
        if (!settleEffectEvent(doubles, { ...event, output: answerTo(event, before, doubles) })) actor.send(event as Parameters<typeof actor.send>[0]);
        await flush();
        const after = actor.getSnapshot();

        // Refusals are kept for the screen that asked, exactly as the server gave them.
        const refusal = 'error' in event ? toFormErrors(event.error) : null;
        if (event.type === 'xstate.error.actor.listStudies') expect(after.context.loadErrors).toEqual(refusal);
        if (event.type === 'xstate.error.actor.checkLimit') {
          if (before.matches('loading')) expect(after.context.loadErrors).toEqual(refusal);
          // After a change the last known limit stays: the server still enforces the plan.
          else expect(after.context.limit).toEqual(before.context.limit);
        }
        if (event.type === 'xstate.done.actor.checkLimit') expect(after.context.limit).toEqual(event.output);
        if (event.type === 'xstate.done.actor.listStudies') expect(after.context.studies).toEqual((event.output as StudyList).results);
        if (event.type === 'xstate.error.actor.createStudy') expect(after.context.createErrors).toEqual(refusal);
        if (event.type === 'study.create' || event.type === 'feedback.clear') expect(after.context.createErrors).toBeNull();
        if (['setPrimaryStudy', 'renameStudy', 'deleteStudy'].some((src) => event.type === `xstate.error.actor.${src}`)) expect(after.context.modalErrors).toEqual(refusal);
        if (event.type.endsWith('Modal.confirm') || event.type === 'renameModal.submit') expect(after.context.modalErrors).toBeNull();

        // Each accepted change is applied as the server applies it, and announced once with the study's name.
        if (event.type === 'xstate.done.actor.createStudy') {
          const created = event.output as FeasibilityStudy;
          expect(studyIn(after, created.id)?.is_primary).toBe(before.context.studies.length === 0);
          for (const old of before.context.studies) expect(studyIn(after, old.id)).toEqual(old);
          announced.push({ type: 'study.created', id: created.id, name: created.name });
        }
        if (event.type === 'xstate.done.actor.setPrimaryStudy') {
          expect(after.context.studies.filter((candidate) => candidate.is_primary).map((candidate) => candidate.id)).toEqual([asked.primary]);
          announced.push({ type: 'study.primarySet', id: asked.primary!, name: studyIn(before, asked.primary!)!.name });
        }
        if (event.type === 'xstate.done.actor.renameStudy') {
          expect(studyIn(after, asked.rename!)?.name).toBe(asked.name);
          announced.push({ type: 'study.renamed', id: asked.rename!, name: asked.name! });
        }
        if (event.type === 'xstate.done.actor.deleteStudy') {
          const deleted = studyIn(before, asked.delete!)!;
          const remaining = before.context.studies.filter((candidate) => candidate.id !== deleted.id);
          expect(after.context.studies.map((candidate) => candidate.id)).toEqual(remaining.map((candidate) => candidate.id));
          const newest = [...remaining].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
          const primary = deleted.is_primary ? newest : remaining.find((candidate) => candidate.is_primary);
          expect(after.context.studies.find((candidate) => candidate.is_primary)?.id).toBe(primary?.id);
          announced.push({ type: 'study.deleted', id: deleted.id, name: deleted.name });
        }
      };
      return {
        actor,
        step: execute,
        check: (expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(guardedContext(snapshot)).toEqual(guardedContext(expected));
          expect(snapshot.context.projectId).toBe(projectId);
          expect(snapshot.context.loadErrors !== null).toBe(snapshot.matches('failed'));
          const { studies, limit } = snapshot.context;
          expectOnePrimary(studies);

          // Exactly the effects of the current states run, each with what the user asked.
          const expectedEffects = [
            ...(snapshot.matches({ loading: { studies: 'fetching' } }) ? [{ src: 'listStudies', input: { projectId } }] : []),
            ...(snapshot.matches({ loading: { limit: 'fetching' } }) || snapshot.matches({ ready: 'refreshingLimit' }) ? [{ src: 'checkLimit', input: { projectId } }] : []),
            ...(snapshot.matches({ ready: 'creating' }) ? [{ src: 'createStudy', input: { ...newStudy, project_id: projectId } }] : []),
            ...(snapshot.matches({ ready: { settingPrimary: 'saving' } }) ? [{ src: 'setPrimaryStudy', input: { id: asked.primary } }] : []),
            ...(snapshot.matches({ ready: { renaming: 'saving' } }) ? [{ src: 'renameStudy', input: { id: asked.rename, name: asked.name } }] : []),
            ...(snapshot.matches({ ready: { deleting: 'saving' } }) ? [{ src: 'deleteStudy', input: { id: asked.delete } }] : []),
          ];
          const bySrc = (a: { src: string }, b: { src: string }) => a.src.localeCompare(b.src);
          expect([...doubles.pending()].sort(bySrc)).toEqual(expectedEffects.sort(bySrc));

          // The modals show the study they were opened for; the rename modal what was typed.
          if (snapshot.matches({ ready: 'settingPrimary' })) expect(snapshot.context.primaryModal).toEqual({ id: asked.primary });
          else expect(snapshot.context.primaryModal).toBeNull();
          if (snapshot.matches({ ready: 'renaming' })) expect(snapshot.context.renameModal).toEqual({ id: asked.rename, type: renameModalType, name: asked.name });
          else expect(snapshot.context.renameModal).toBeNull();
          if (snapshot.matches({ ready: 'deleting' })) expect(snapshot.context.deleteModal).toEqual({ id: asked.delete });
          else expect(snapshot.context.deleteModal).toBeNull();
          if (!snapshot.matches({ ready: 'settingPrimary' }) && !snapshot.matches({ ready: 'renaming' }) && !snapshot.matches({ ready: 'deleting' })) {
            expect(snapshot.context.modalErrors).toBeNull();
          }

          // What the screens may offer: a new study while the plan allows one; primary only for another existing study.
          const idle = snapshot.matches({ ready: 'idle' });
          expect(snapshot.can({ type: 'study.create', study: newStudy })).toBe(idle && limit?.allowed === true);
          for (const id of ids) {
            const target = studies.find((candidate) => candidate.id === id);
            expect(snapshot.can({ type: 'primaryModal.open', id })).toBe(idle && target !== undefined && !target.is_primary);
            expect(snapshot.can({ type: 'renameModal.open', id })).toBe(idle && target !== undefined);
            expect(snapshot.can({ type: 'deleteModal.open', id })).toBe(idle && target !== undefined);
          }

          expect(emitted).toEqual(announced);
        },
      };
    },
  });

  it('reaches every state of the chart', () => {
    const expected = [
      { loading: { studies: 'fetching', limit: 'fetching' } },
      { loading: { studies: 'done', limit: 'fetching' } },
      { loading: { studies: 'fetching', limit: 'done' } },
      'failed',
      { ready: 'idle' },
      { ready: 'creating' },
      { ready: 'refreshingLimit' },
      { ready: { settingPrimary: 'confirming' } },
      { ready: { settingPrimary: 'saving' } },
      { ready: { renaming: 'editing' } },
      { ready: { renaming: 'saving' } },
      { ready: { deleting: 'confirming' } },
      { ready: { deleting: 'saving' } },
    ].map((value) => JSON.stringify(value));
    expect(reachedStates(paths)).toEqual(expected.sort());
  });
});

describe('feasibility machine details', () => {
  it('keeps the server messages where the screens show them', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('checkLimit', 'done', limitFor(1));
    doubles.settle('listStudies', 'done', { count: 1, results: [first] });
    await flush();

    actor.send({ type: 'study.create', study: newStudy });
    doubles.settle('createStudy', 'error', apiError(400, { errors: { 'sizing.gcr': [feasibilityMessages.gcr] } }));
    await flush();
    expect(actor.getSnapshot().context.createErrors).toEqual({ status: 400, detail: null, fields: { 'sizing.gcr': [feasibilityMessages.gcr] }, retryAfterSeconds: null });
    actor.send({ type: 'feedback.clear' });
    expect(actor.getSnapshot().context.createErrors).toBeNull();

    actor.send({ type: 'renameModal.open', id: first.id });
    actor.send({ type: 'renameModal.edit', name: ' ' });
    actor.send({ type: 'renameModal.submit' });
    doubles.settle('renameStudy', 'error', apiError(400, { errors: { name: ['This is Required.'] } }));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ ready: { renaming: 'editing' } });
    expect(snapshot.context.renameModal).toEqual({ id: first.id, type: 'feasibility', name: ' ' });
    expect(snapshot.context.modalErrors?.fields).toEqual({ name: ['This is Required.'] });
    actor.send({ type: 'renameModal.cancel' });
    expect(actor.getSnapshot().context.modalErrors).toBeNull();
    actor.stop();
  });

  it('a failed load can be retried', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('listStudies', 'error', apiError(0, undefined));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadErrors?.detail).toBe(genericErrorMessages.unreachable);
    expect(doubles.pending()).toEqual([]);

    actor.send({ type: 'studies.retry' });
    expect(actor.getSnapshot().context.loadErrors).toBeNull();
    doubles.settle('listStudies', 'done', listed);
    doubles.settle('checkLimit', 'done', limitFor(2));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.studies).toEqual(listed.results);
    actor.stop();
  });

  it('refuses to run without its effects', async () => {
    const actor = createActor(feasibilityMachine, { input }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    // The missing actor's own message stays out of the screen.
    expect(actor.getSnapshot().context.loadErrors?.detail).toBe(genericErrorMessages.unexpected);
    actor.stop();
  });
});
