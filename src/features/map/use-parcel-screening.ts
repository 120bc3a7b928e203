import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { parcelScreeningMachine, type AttachInput, type ParcelQuery, type ScreeningRequest } from '../../../machines/parcel-screening.machine.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ApnDetails, ReasonedParcels } from '../../contract/gis.ts';
import { attachParcel, findParcel, findParcelAt, screenParcels } from './api/parcels.ts';
import type { ScreeningCriteria } from '../../contract/gis.ts';

/** The machine's effects on the API; a number is looked for online in the services covering this project. */
const effects = (api: ApiClient, projectId: string) => ({
  screenParcels: fromPromise<ReasonedParcels, ScreeningRequest>(({ input, signal }) => screenParcels(api, input, { signal })),
  findParcel: fromPromise<ApnDetails, ParcelQuery>(({ input, signal }) => ('apn' in input ? findParcel(api, input.apn, projectId, { signal }) : findParcelAt(api, input.at, { signal }))),
  attachParcel: fromPromise<unknown, AttachInput>(({ input, signal }) => attachParcel(api, input.projectId, input.apn, { signal })),
});

/** The map screen's actor with its API effects; it screens the project's parcels with the project's criteria as it starts. */
export function useParcelScreening(projectId: string, criteria: ScreeningCriteria) {
  const { api } = useActors();
  const notify = useNotify();
  const actor = useActorRef(parcelScreeningMachine.provide({ actors: effects(api, projectId) }), {
    input: { projectId, request: { scope: { projectId }, filters: criteria } },
  });
  useEffect(() => {
    const subscription = actor.on('parcel.attached', ({ apn }) => notify(`Parcel ${apn} attached.`));
    return () => subscription.unsubscribe();
  }, [actor, notify]);
  return actor;
}

export type ParcelScreeningActor = ReturnType<typeof useParcelScreening>;
