import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/env.ts';
import { apnWhere, containsPoint, serviceApn } from '../../server/gis/sources/parcel-services.ts';
import { jsonSetting } from '../support/json-setting.ts';

const wake = {
  id: 'wake',
  name: 'Wake County parcels',
  url: 'https://maps.wake.gov/arcgis/rest/services/Property/Parcels/MapServer',
  layer: '0',
  apn_field: 'PIN_NUM',
  licence: 'Public record',
  attribution: 'Wake County GIS',
};
const { load, problem } = jsonSetting('PARCEL_SERVICES');

describe('PARCEL_SERVICES', () => {
  it('is off unless set', () => {
    expect(loadSettings({}).PARCEL_SERVICES).toEqual([]);
    expect(load('off').PARCEL_SERVICES).toEqual([]);
    expect(load('[]').PARCEL_SERVICES).toEqual([]);
  });

  it('reads a JSON array of services with their fields, coverage and timeout', () => {
    const full = { ...wake, owner_field: 'OWNER', address_field: 'SITE_ADDRESS', land_use_field: 'LAND_CODE', area_field: 'DEED_ACRES', county: 'Wake County', state: 'NC', bbox: [-78.99, 35.52, -78.25, 36.08], timeout_s: 15 };
    expect(load([full]).PARCEL_SERVICES).toEqual([full]);
  });

  it('stops at boot with a message that says what is wrong, never echoing the value', () => {
    expect(problem('public')).toBe('Invalid settings: PARCEL_SERVICES must be off or a JSON array of parcel services.');
    expect(problem({ ...wake })).toBe('Invalid settings: PARCEL_SERVICES must be off or a JSON array of parcel services.');
    expect(problem([{ ...wake, apn_field: undefined }])).toBe('Invalid settings: PARCEL_SERVICES.0.apn_field is missing.');
    // Field names go into the where clause and outFields: only names pass.
    expect(problem([{ ...wake, apn_field: "PIN_NUM = '1' OR 1=1 --" }])).toBe('Invalid settings: PARCEL_SERVICES.0.apn_field must be a field name: letters, digits and _, starting with a letter or _.');
    expect(problem([{ ...wake, owner_field: 'OWNER,SHAPE' }])).toBe('Invalid settings: PARCEL_SERVICES.0.owner_field must be a field name: letters, digits and _, starting with a letter or _.');
    expect(problem([{ ...wake, url: 'file:///etc/passwd' }])).toBe('Invalid settings: PARCEL_SERVICES.0.url must be an http:// or https:// URL.');
    expect(problem([{ ...wake, url: 'https://me:secret@maps.wake.gov/' }])).toBe('Invalid settings: PARCEL_SERVICES.0.url must not carry a user name or password.');
    expect(problem([{ ...wake, layer: '0/query' }])).toBe('Invalid settings: PARCEL_SERVICES.0.layer must be a layer id (a whole number).');
    expect(problem([{ ...wake, bbox: [-78, 36, -79, 35] }])).toBe('Invalid settings: PARCEL_SERVICES.0.bbox must be [west, south, east, north] in degrees, west < east and south < north.');
    expect(problem([{ ...wake, where: '1=1' }])).toBe('Invalid settings: PARCEL_SERVICES.0.where is not a parcel service field.');
    expect(problem([wake, wake])).toBe('Invalid settings: PARCEL_SERVICES lists the parcel service id "wake" twice.');
  });
});

describe('the where clause of an APN look-up', () => {
  it('quotes an APN of letters, digits, spaces and . _ / - as typed, spaces tidied', () => {
    expect(apnWhere('PIN_NUM', '0768123456')).toBe("PIN_NUM = '0768123456'");
    expect(apnWhere('PARCEL_ID', ' 0821-45-6789 ')).toBe("PARCEL_ID = '0821-45-6789'");
    expect(apnWhere('REID', 'abc  12.5/7_a')).toBe("REID = 'abc 12.5/7_a'");
  });

  it('refuses anything that could leave the string literal or widen the match', () => {
    const hostile = [
      "1' OR '1'='1",
      "0768123456' --",
      "x'); DELETE FROM parcels; --",
      '0768%',
      "0768123456'",
      '(SELECT 1)',
      '0768\u2019123',
      '0768\u0000123',
      'a'.repeat(65),
      '-0768',
      '',
      '   ',
    ];
    for (const apn of hostile) {
      expect(serviceApn(apn), apn).toBeUndefined();
      expect(() => apnWhere('PIN_NUM', apn), apn).toThrow();
    }
    expect(() => apnWhere("PIN_NUM = '1' OR PIN_NUM", '1')).toThrow();
  });
});

describe('containsPoint', () => {
  it('tells a point inside a parcel from one in its hole or outside', () => {
    const withHole = {
      type: 'Polygon' as const,
      coordinates: [
        [[-79.94, 36.12], [-79.93, 36.12], [-79.93, 36.13], [-79.94, 36.13], [-79.94, 36.12]],
        [[-79.936, 36.124], [-79.934, 36.124], [-79.934, 36.126], [-79.936, 36.126], [-79.936, 36.124]],
      ],
    };
    expect(containsPoint(withHole, -79.938, 36.122)).toBe(true);
    expect(containsPoint(withHole, -79.935, 36.125)).toBe(false);
    expect(containsPoint(withHole, -79.92, 36.125)).toBe(false);
  });
});
