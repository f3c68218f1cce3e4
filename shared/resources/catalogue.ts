import type { ResourceDefinition } from './defineResource';
import { departmentResource } from './departments';
import { gatewayResource } from './gateways';
import { meterResource } from './meters';
import { subitemResource } from './subitems';
import { tagResource } from './tags';

/** Every resource served by the generic CRUD API, by API path. */
export const RESOURCES: readonly ResourceDefinition[] = [subitemResource, tagResource, gatewayResource, departmentResource, meterResource];
