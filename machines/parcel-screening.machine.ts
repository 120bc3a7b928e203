import { assertEvent, assign, emit, fromPromise, raise, setup } from 'xstate';
import type { ApnDetails, ReasonedParcels, ScreeningCriteria } from '../src/contract/gis.ts';
import { toFormErrors, type FormErrors } from './form-errors.ts';

export type ScreeningScope = { projectId: string } | { bbox: [number, number, number, number] };

/** One get_reasoned_geo_json call: which parcels, screened against which criteria. */
export interface ScreeningRequest {
  scope: ScreeningScope;
  filters: ScreeningCriteria;
}

/** A parcel looked up by its number, or as the one under a point clicked on the map. */
export type ParcelQuery = { apn: string } | { at: { lng: number; lat: number } };

export interface AttachInput {
  projectId: string;
  apn: string;
}

export interface ParcelScreeningInput {
  projectId: string;
  /** Run at once, so the project's parcels show coloured as the screen opens. */
  request: ScreeningRequest;
}

export interface ParcelScreeningContext {
  projectId: string;
  /** The last screening asked for; it runs again after a parcel is attached. */
  request: ScreeningRequest;
  result: ReasonedParcels | null;
  screeningErrors: FormErrors | null;
  /** The parcel found by number or on the map, shown before it is attached. */
  found: ApnDetails | null;
  /** Why the last search or attach failed. */
  parcelErrors: FormErrors | null;
}

export type ParcelScreeningEvent =
  | { type: 'screening.run'; request: ScreeningRequest }
  | { type: 'parcel.find'; apn: string }
  /** Clicks on the map look up the parcel there, until a parcel is found or the mode is left. */
  | { type: 'parcel.pick' }
  | { type: 'parcel.findAt'; lng: number; lat: number }
  | { type: 'parcel.attach' }
  | { type: 'parcel.clear' };

/** Emitted once a parcel is attached, for the snackbar. */
export type ParcelScreeningEmitted = { type: 'parcel.attached'; apn: string };

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`parcelScreeningMachine: provide the '${name}' actor`)));
}

/**
 * The project map screen: screens parcels (again whenever asked, the newest request winning) and, beside it, finds a
 * parcel by number and attaches it to the project, which screens again. Created by the map screen with its API
 * effects; it reports through its snapshot and emits 'parcel.attached'.
 */
export const parcelScreeningMachine = setup({
  types: {
    context: {} as ParcelScreeningContext,
    events: {} as ParcelScreeningEvent,
    input: {} as ParcelScreeningInput,
    emitted: {} as ParcelScreeningEmitted,
  },
  actors: {
    screenParcels: notProvided<ReasonedParcels, ScreeningRequest>('screenParcels'),
    findParcel: notProvided<ApnDetails, ParcelQuery>('findParcel'),
    attachParcel: notProvided<unknown, AttachInput>('attachParcel'),
  },
  guards: {
    // A parcel already in this project cannot be attached twice (the API answers 409).
    'canAttach?': ({ context }) => context.found !== null && !context.found.projects.some((project) => project.id === context.projectId),
  },
}).createMachine({
  description: 'The project map: parcels coloured by the screening criteria and, beside it, finding a parcel by its number to add it to the project.',
  id: 'parcelScreening',
  type: 'parallel',
  context: ({ input }) => ({ projectId: input.projectId, request: input.request, result: null, screeningErrors: null, found: null, parcelErrors: null }),
  states: {
    screening: {
      description: 'Which parcels pass the screening criteria (flood, wetland, area…).',
      initial: 'running',
      on: {
        // A newer request replaces one still running.
        'screening.run': { target: '.running', reenter: true, actions: assign({ request: ({ event }) => event.request }) },
      },
      states: {
        idle: { description: 'The last screening is on the map (or its error).' },
        running: {
          description: 'The server screens the parcels; a newer request replaces this one.',
          invoke: {
            id: 'screenParcels',
            src: 'screenParcels',
            input: ({ context }) => context.request,
            onDone: { target: 'idle', actions: assign({ result: ({ event }) => event.output, screeningErrors: null }) },
            onError: { target: 'idle', actions: assign({ screeningErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },
      },
    },
    parcel: {
      description: 'Finding a parcel by its number (APN) or by clicking it on the map, and adding it to the project.',
      initial: 'idle',
      on: {
        'parcel.find': { target: '.finding', reenter: true },
        'parcel.pick': { target: '.picking', actions: assign({ found: null, parcelErrors: null }) },
        'parcel.clear': { target: '.idle', actions: assign({ found: null, parcelErrors: null }) },
      },
      states: {
        idle: { description: 'No parcel is being looked up.' },
        finding: {
          description: 'The server looks up the parcel number.',
          entry: assign({ found: null, parcelErrors: null }),
          invoke: {
            id: 'findParcel',
            src: 'findParcel',
            input: ({ event }) => {
              assertEvent(event, 'parcel.find');
              return { apn: event.apn };
            },
            onDone: { target: 'found', actions: assign({ found: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ parcelErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },
        picking: {
          description: 'Waiting for a click on the map: the parcel there is looked up.',
          tags: ['picking'],
          on: { 'parcel.findAt': 'locating' },
        },
        locating: {
          description: 'The server looks up the parcel under the point clicked; another click asks again.',
          tags: ['picking'],
          entry: assign({ parcelErrors: null }),
          on: { 'parcel.findAt': { target: 'locating', reenter: true } },
          invoke: {
            id: 'findParcel',
            src: 'findParcel',
            input: ({ event }) => {
              assertEvent(event, 'parcel.findAt');
              return { at: { lng: event.lng, lat: event.lat } };
            },
            onDone: { target: 'found', actions: assign({ found: ({ event }) => event.output }) },
            // No parcel there, or the service failed: the next click may find one.
            onError: { target: 'picking', actions: assign({ parcelErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },
        found: {
          description: 'The parcel is shown; it can be added unless it is already in this project.',
          on: { 'parcel.attach': { guard: 'canAttach?', target: 'attaching' } },
        },
        attaching: {
          description: 'The server adds the parcel to the project; then the parcels are screened again.',
          entry: assign({ parcelErrors: null }),
          invoke: {
            id: 'attachParcel',
            src: 'attachParcel',
            input: ({ context }) => ({ projectId: context.projectId, apn: context.found!.apn }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) => ({ type: 'parcel.attached' as const, apn: context.found!.apn })),
                assign({ found: null }),
                raise(({ context }) => ({ type: 'screening.run' as const, request: context.request })),
              ],
            },
            onError: { target: 'found', actions: assign({ parcelErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },
      },
    },
  },
});
