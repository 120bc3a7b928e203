// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countyParcels, parcelPoints, startGisStandIn, type GisStandIn } from '../support/gis-stand-ins.ts';
import { apiProcessFor, fillIn, renderApp, signInThroughApi } from './render-app.tsx';

/** A project whose site is inside Guilford County's west parcel: the map opens centred there. */
async function greensboroProject(api: ReturnType<ReturnType<typeof apiProcessFor>>) {
  const { client, storage } = await signInThroughApi(api, { hasProject: true });
  const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Horsepen Creek', location: parcelPoints.west })).body;
  return { client, storage, project };
}

describe('attaching parcels from a county parcel service on the map screen, in jsdom against the real API', () => {
  let standIn: GisStandIn;
  beforeAll(async () => {
    standIn = await startGisStandIn();
  });
  afterAll(() => standIn?.close());
  const api = apiProcessFor(() => ({ PARCEL_SERVICES: JSON.stringify(standIn.parcelServices()) }));

  it('finds a parcel by APN and one by clicking the map, says which service answered, and attaches both', async () => {
    const { client, storage, project } = await greensboroProject(api());
    renderApp(`/project/map/${project.id}/horsepen-creek`, api().baseUrl, storage);
    await screen.findByRole('heading', { name: 'Horsepen Creek: map and screening' });
    expect(
      await screen.findByText(
        'Numbers and clicks not in the parcel store are looked up in Guilford County parcels (Guilford County GIS, Public record, free to use with attribution) and Durham County parcels (Durham County GIS, Public record).',
      ),
    ).toBeTruthy();

    // Pick mode: a click on the map looks up the parcel under it (the map opens centred on the west parcel).
    fireEvent.click(screen.getByRole('button', { name: 'Pick a parcel on the map' }));
    expect(screen.getByText('Click the map where the parcel lies.')).toBeTruthy();
    fireEvent.click(screen.getByRole('region', { name: 'Screening map' }), { clientX: 0, clientY: 0 });
    const west = await screen.findByRole('group', { name: `Parcel ${countyParcels.west.PIN}` });
    expect(within(west).getByText('HOLT FAMILY FARMS LLC')).toBeTruthy();
    expect(screen.queryByText('Click the map where the parcel lies.')).toBeNull();
    fireEvent.click(within(west).getByRole('button', { name: 'Attach to this project' }));
    expect(await screen.findByText(`Parcel ${countyParcels.west.PIN} attached.`)).toBeTruthy();

    // By number: a parcel found moves the map to it.
    await fillIn('Parcel number (APN or SSL)', countyParcels.east.PIN);
    fireEvent.click(screen.getByRole('button', { name: 'Find parcel' }));
    const east = await screen.findByRole('group', { name: `Parcel ${countyParcels.east.PIN}` });
    expect(within(east).getByText('PIEDMONT LAND HOLDINGS LLC')).toBeTruthy();
    expect(within(east).getByText('5300 HORSEPEN CREEK RD')).toBeTruthy();
    expect(within(east).getByText('Guilford County, NC')).toBeTruthy();
    expect(within(east).getByText('Found online in Guilford County parcels. Attaching keeps a copy among your parcels, credited to Guilford County GIS.')).toBeTruthy();
    fireEvent.click(within(east).getByRole('button', { name: 'Attach to this project' }));
    expect(await screen.findByText(`Parcel ${countyParcels.east.PIN} attached.`)).toBeTruthy();

    const detail = (await client.get<{ parcel_count: number }>(`/api/project/get/?id=${project.id}`)).body;
    expect(detail.parcel_count).toBe(2);
  });

  it('says where it looked for a number no service has, and which service failed', async () => {
    const { storage, project } = await greensboroProject(api());
    renderApp(`/project/map/${project.id}/horsepen-creek`, api().baseUrl, storage);
    await fillIn('Parcel number (APN or SSL)', '7864000000');
    fireEvent.click(await screen.findByRole('button', { name: 'Find parcel' }));
    expect(await screen.findByText('No parcel with this APN in the parcel store or Guilford County parcels.')).toBeTruthy();
    standIn.set('guilford', { mode: 'fail', status: 503 });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Find parcel' }));
      expect(await screen.findByText('Guilford County parcels answered 503. The parcel could not be looked up: try again later, or import it from a file.')).toBeTruthy();
    } finally {
      standIn.set('guilford', { mode: 'ok' });
    }
  });
});

describe('the attach panel with PARCEL_SERVICES off (the default)', () => {
  const api = apiProcessFor();

  it('says where parcels beyond the bundled sample come from, and a click finds none there', async () => {
    const { storage, project } = await greensboroProject(api());
    renderApp(`/project/map/${project.id}/horsepen-creek`, api().baseUrl, storage);
    expect(
      await screen.findByText("Parcels beyond the bundled sample come from file imports (below) or from a county parcel service the server's operator configures."),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pick a parcel on the map' }));
    fireEvent.click(screen.getByRole('region', { name: 'Screening map' }), { clientX: 0, clientY: 0 });
    expect(await screen.findByText('No parcel here in the parcel store, and no parcel service covers this place.')).toBeTruthy();
    // Still picking: the next click may find one.
    await waitFor(() => expect(screen.getByText('Click the map where the parcel lies.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Stop picking' }));
    expect(screen.getByRole('button', { name: 'Pick a parcel on the map' })).toBeTruthy();
  });
});
