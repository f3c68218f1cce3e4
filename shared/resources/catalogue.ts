import type { ResourceDefinition } from './defineResource';
import { departmentResource } from './departments';
import { gatewayResource } from './gateways';
import { meterResource } from './meters';
import { subitemResource } from './subitems';
import { tagResource } from './tags';
import { announcementResource } from './announcements';
import { helpArticleResource } from './helpArticles';
import { meterCheckResource } from './meterChecks';
import { memberResource } from './members';
import { roomResource } from './rooms';
import { shipResource } from './ships';
import { shipFuelEntryResource } from './shipFuelEntries';
import { shipFuelMeterResource } from './shipFuelMeters';
import { productResource } from './products';
import { productLineResource } from './productLines';
import { productRecordResource } from './productRecords';
import { productionDeviceResource } from './productionDevices';

/**
 * Every resource served by the generic CRUD API, one line each. The API routes, the tree scope, the
 * button entries, the console route, the catalogue texts and the authorization suite's rows all come
 * from this list. A resource that references another comes after it (the suite creates them in order).
 */
export const RESOURCES = [
  subitemResource,
  tagResource,
  gatewayResource,
  departmentResource,
  meterResource,
  memberResource,
  roomResource,
  announcementResource,
  helpArticleResource,
  meterCheckResource,
  shipResource,
  shipFuelEntryResource,
  shipFuelMeterResource,
  productResource,
  productLineResource,
  productRecordResource,
  productionDeviceResource,
] as const;

/** The tables of the resources: each an owned kind of the tree scope (server/tenancy). */
export type ResourceTableName = (typeof RESOURCES)[number]['table'];
export const RESOURCE_TABLES = RESOURCES.map((definition) => definition.table) as readonly ResourceTableName[];

export function resourceAt(path: string): ResourceDefinition | undefined {
  return (RESOURCES as readonly ResourceDefinition[]).find((definition) => definition.path === path);
}
