import type { FastifyPluginAsync } from 'fastify';
import { pushTemplateRoutes } from './templateRoutes';
import { pushTaskRoutes } from './taskRoutes';
import { pushRecordRoutes } from './recordRoutes';
import { pushChannelRoutes } from './channelRoutes';
import { pushContactRoutes } from './contactRoutes';

/** Message pushes: templates, tasks, records, provider calls, channel settings, push contacts. */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [pushTemplateRoutes, pushTaskRoutes, pushRecordRoutes, pushChannelRoutes, pushContactRoutes]) await app.register(routes);
};
