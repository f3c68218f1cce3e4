import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { RESOURCES, type ResourceDefinition } from '@shared/resources';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { departmentTreeRoutes } from './departmentTree';
import { RESOURCE_HOOKS } from './hooks';
import { resourceRoutes } from './resourceRoutes';
import { tableOf } from './resourceTable';

/** Every resource's CRUD, export and import API, derived from its definition, and the department tree. */
export const resourceModule: FastifyPluginAsync = async (app) => {
  // Imports arrive as one multipart file, within the same limit as picture uploads.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  for (const definition of RESOURCES as readonly ResourceDefinition[]) {
    await app.register(resourceRoutes(definition, tableOf(definition, RESOURCE_HOOKS[definition.name])));
  }
  await app.register(departmentTreeRoutes);
};
