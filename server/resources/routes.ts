import type { FastifyPluginAsync } from 'fastify';
import { departmentResource, gatewayResource, meterResource, subitemResource, tagResource } from '@shared/resources';
import { departmentTreeRoutes } from './departmentTree';
import { resourceRoutes } from './resourceRoutes';
import { departmentTable } from './tables/departments';
import { gatewayTable } from './tables/gateways';
import { meterTable } from './tables/meters';
import { subitemTable } from './tables/subitems';
import { tagTable } from './tables/tags';

/** Every resource's CRUD API (one definition + one table mapping each) and the department tree. */
export const resourceModule: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes(subitemResource, subitemTable));
  await app.register(resourceRoutes(tagResource, tagTable));
  await app.register(resourceRoutes(gatewayResource, gatewayTable));
  await app.register(resourceRoutes(departmentResource, departmentTable));
  await app.register(resourceRoutes(meterResource, meterTable));
  await app.register(departmentTreeRoutes);
};
