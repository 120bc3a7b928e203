import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { parcelScreeningMachine, type ParcelScreeningEmitted, type ScreeningRequest } from '../../machines/parcel-screening.machine.ts';
import type { ApnDetails, ReasonedParcels } from '../../src/contract/gis.ts';
import { EffectDoubles, flush, reachedStates, runModelPaths, settleEffectEvent, type ModelEvent } from './support/test-model.ts';

const projectId = 'project-1';
const projectRequest: ScreeningRequest = { scope: { projectId }, filters: { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 } };
const viewRequest: ScreeningRequest = { scope: { bbox: [-77.02, 38.84, -77, 38.85] }, filters: { min_area_acres: 5 } };

const screened = { type: 'FeatureCollection', features: [], screened: 0, summary: { pass: 0, fail: 0, unknown: 0 }, criteria: {}, layers: [] } as ReasonedParcels;
const parcel = (projects: { id: string; name: string }[]) =>
  ({ id: 'parcel-1', apn: 'PAR 02420088', projects, bbox: [-77.011, 38.845, -77.008, 38.847], center: { lat: 38.846, lng: -77.01 } }) as unknown as ApnDetails;
const freeParcel = parcel([{ id: 'project-2', name: 'Other site' }]);
const attachedParcel = parcel([{ id: projectId, name: 'This site' }]);

const events: ModelEvent[] = [
  { type: 'screening.run', request: viewRequest },
  { type: 'parcel.find', apn: 'PAR 02420088' },
  { type: 'parcel.pick' },
  { type: 'parcel.findAt', lng: -77.0095, lat: 38.846 },
  { type: 'parcel.attach' },
  { type: 'parcel.clear' },
  { type: 'xstate.done.actor.screenParcels', output: screened },
  { type: 'xstate.error.actor.screenParcels', error: { status: 400, data: { errors: { 'filters.min_area_acres': ['Minimum area must be from 0 to 10,000,000 acres.'] } } } },
  { type: 'xstate.done.actor.findParcel', output: freeParcel },
  { type: 'xstate.done.actor.findParcel', output: attachedParcel },
  { type: 'xstate.error.actor.findParcel', error: { status: 404, data: { detail: 'Not found.' } } },
  { type: 'xstate.done.actor.attachParcel', output: {} },
  { type: 'xstate.error.actor.attachParcel', error: { status: 409, data: { detail: 'This parcel is already attached to the project.' } } },
];

const input = { projectId, request: projectRequest };

function createSystemUnderTest() {
  const doubles = new EffectDoubles();
  const actor = createActor(
    parcelScreeningMachine.provide({
      actors: { screenParcels: doubles.actor('screenParcels'), findParcel: doubles.actor('findParcel'), attachParcel: doubles.actor('attachParcel') },
    }),
    { input },
  );
  const attached: ParcelScreeningEmitted[] = [];
  actor.on('parcel.attached', (event) => void attached.push(event));
  return { actor, doubles, attached };
}

describe('parcel screening machine', () => {
  const paths = runModelPaths('parcel screening machine', parcelScreeningMachine, {
    events,
    input,
    run: (path) => {
      const { actor, doubles, attached } = createSystemUnderTest();
      let attaches = 0;
      return {
        actor,
        step: async (event) => {
          if (event.type === 'xstate.done.actor.attachParcel') attaches++;
          if (!settleEffectEvent(doubles, event)) actor.send(event as Parameters<typeof actor.send>[0]);
          await flush();
        },
        check: (expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);

          // Exactly the effects of the current states run, each with its input.
          const running = doubles.pending();
          const expectedEffects = [
            ...(snapshot.matches({ screening: 'running' }) ? [{ src: 'screenParcels', input: snapshot.context.request }] : []),
            ...(snapshot.matches({ parcel: 'finding' }) ? [{ src: 'findParcel', input: { apn: 'PAR 02420088' } }] : []),
            ...(snapshot.matches({ parcel: 'locating' }) ? [{ src: 'findParcel', input: { at: { lng: -77.0095, lat: 38.846 } } }] : []),
            ...(snapshot.matches({ parcel: 'attaching' }) ? [{ src: 'attachParcel', input: { projectId, apn: 'PAR 02420088' } }] : []),
          ];
          expect([...running].sort((a, b) => a.src.localeCompare(b.src))).toEqual(expectedEffects.sort((a, b) => a.src.localeCompare(b.src)));

          // A parcel already in the project is never offered for attaching; a found one is always shown.
          expect(snapshot.can({ type: 'parcel.attach' })).toBe(snapshot.matches({ parcel: 'found' }) && snapshot.context.found === freeParcel);
          if (snapshot.matches({ parcel: 'found' }) || snapshot.matches({ parcel: 'attaching' })) expect(snapshot.context.found).not.toBeNull();
          // Map clicks look parcels up only while picking; a parcel found ends it.
          expect(snapshot.hasTag('picking')).toBe(snapshot.matches({ parcel: 'picking' }) || snapshot.matches({ parcel: 'locating' }));
          expect(snapshot.can({ type: 'parcel.findAt', lng: 0, lat: 0 })).toBe(snapshot.hasTag('picking'));
          // Every attach is announced once, and screens again.
          expect(attached).toEqual(Array.from({ length: attaches }, () => ({ type: 'parcel.attached', apn: 'PAR 02420088' })));
          if (attaches > 0 && path.steps.at(-1)?.event.type === 'xstate.done.actor.attachParcel') expect(snapshot.matches({ screening: 'running' })).toBe(true);
        },
      };
    },
  });

  it('reaches every state of the chart', () => {
    const expected = ['idle', 'running'].flatMap((screening) => ['idle', 'finding', 'picking', 'locating', 'found', 'attaching'].map((parcelState) => JSON.stringify({ screening, parcel: parcelState })));
    expect(reachedStates(paths)).toEqual(expected.sort());
  });
});
