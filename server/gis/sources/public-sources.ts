import type { ScreeningSource } from './settings.ts';

/**
 * `SCREENING_SOURCES=public`: the national US layers and OpenStreetMap's grid, as docs/screening-sources.md lists them
 * with their terms. Every one is public-domain US government data except OpenStreetMap (ODbL, attribution required).
 */
export const publicSources: ScreeningSource[] = [
  {
    id: 'fema-nfhl',
    kind: 'flood',
    type: 'arcgis',
    url: 'https://hazards.fema.gov/arcgis/rest/services/public/NFHL/MapServer',
    layer: '28',
    // Special flood hazard areas only (zones A, AE, AH, AO, V, VE…); zone X, minimal hazard, covers the rest of the map.
    where: "SFHA_TF = 'T'",
    fields: 'FLD_ZONE,ZONE_SUBTY,SFHA_TF,DFIRM_ID',
    name: 'FEMA NFHL',
    licence: 'Public domain (US federal government)',
    attribution: 'FEMA National Flood Hazard Layer',
    timeout_s: 15,
  },
  {
    id: 'usfws-nwi',
    kind: 'wetland',
    type: 'arcgis',
    url: 'https://fwspublicservices.wim.usgs.gov/wetlandsmapservice/rest/services/Wetlands/MapServer',
    layer: '0',
    // Upland (U) polygons are not wetlands.
    where: "ATTRIBUTE NOT LIKE 'U%'",
    fields: 'ATTRIBUTE,WETLAND_TYPE,ACRES',
    name: 'USFWS NWI',
    licence: 'Public domain (US federal government)',
    attribution: 'U.S. Fish and Wildlife Service, National Wetlands Inventory',
  },
  {
    id: 'usgs-padus',
    kind: 'protected',
    type: 'arcgis',
    url: 'https://services.arcgis.com/v01gqwM5QqNysAAi/ArcGIS/rest/services/PADUS4_0Fee/FeatureServer',
    layer: '0',
    // GAP status 1 and 2: managed for biodiversity (status 3 and 4 allow other uses, such as energy).
    where: "GAP_Sts IN ('1','2')",
    fields: 'Unit_Nm,Mang_Name,Des_Tp,GAP_Sts',
    name: 'USGS PAD-US',
    licence: 'Public domain (US federal government)',
    attribution: 'U.S. Geological Survey, Gap Analysis Project, Protected Areas Database of the United States (PAD-US) 4.0',
  },
  {
    id: 'hifld-transmission',
    kind: 'grid',
    type: 'arcgis',
    url: 'https://services2.arcgis.com/FiaPA4ga0iQKduv3/arcgis/rest/services/US_Electric_Power_Transmission_Lines/FeatureServer',
    layer: '0',
    fields: 'ID,TYPE,STATUS,OWNER,VOLTAGE,VOLT_CLASS,SUB_1,SUB_2',
    name: 'HIFLD transmission lines',
    licence: 'Public domain (US federal government)',
    attribution: 'Homeland Infrastructure Foundation-Level Data (HIFLD), Electric Power Transmission Lines',
  },
  {
    id: 'hifld-substations',
    kind: 'grid',
    type: 'arcgis',
    url: 'https://services5.arcgis.com/HDRa0B57OVrv2E1q/arcgis/rest/services/Electric_Substations/FeatureServer',
    layer: '0',
    fields: 'ID,NAME,TYPE,STATUS,OWNER,MAX_VOLT,MIN_VOLT',
    name: 'HIFLD substations',
    licence: 'Public domain (US federal government)',
    attribution: 'Homeland Infrastructure Foundation-Level Data (HIFLD), Electric Substations',
  },
  {
    id: 'osm-power',
    kind: 'grid',
    type: 'overpass',
    url: 'https://overpass-api.de/api/interpreter',
    name: 'OpenStreetMap power lines',
    licence: 'ODbL 1.0',
    attribution: '© OpenStreetMap contributors',
    timeout_s: 25,
    concurrency: 1,
  },
  {
    id: 'usgs-3dep',
    kind: 'slope',
    type: 'arcgis-image',
    url: 'https://elevation.nationalmap.gov/arcgis/rest/services/3DEPElevation/ImageServer',
    name: 'USGS 3DEP',
    licence: 'Public domain (US federal government)',
    attribution: 'U.S. Geological Survey, 3D Elevation Program (1/3 arc-second seamless DEM)',
    resolution_m: 10,
    timeout_s: 20,
  },
];
