import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { routerRoutes } from './routers/routes';
import { resourceModule } from '../resources/routes';
import { interfaceKeyRoutes } from './interfaces/keyRoutes';
import { ingestRoutes } from './interfaces/ingestRoutes';
import { energyRoutes } from './energy/routes';
import { alarmRoutes } from './alarms/routes';
import { pushRoutes } from './pushes/routes';
import { boardRoutes } from './boards/routes';
import { displayRoutes } from './displays/routes';
import { liveDataRoutes } from './liveData/routes';
import { roleRoutes } from './roles/routes';
import { loginPageRoutes } from './loginPages/routes';
import { fileRoutes } from './files/routes';
import { spriteRoutes } from './sprites/routes';
import { inquiryRoutes } from '../inquiry/routes';
import { siteSettingsRoutes } from '../siteSettings/routes';
import { forwardingRoutes } from '../forwarding/routes';

/** Every API module, mounted under /api. Add a module: a folder with routes.ts, then one line here. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  routerRoutes,
  resourceModule,
  interfaceKeyRoutes,
  ingestRoutes,
  energyRoutes,
  alarmRoutes,
  pushRoutes,
  boardRoutes,
  displayRoutes,
  liveDataRoutes,
  roleRoutes,
  loginPageRoutes,
  fileRoutes,
  spriteRoutes,
  forwardingRoutes,
];
// A domain folder outside modules/ (server/siteSettings), on a line of its own.
apiModules.push(siteSettingsRoutes);
// The inquiry domain (server/inquiry): announcements' audiences, help search, contact details and messages.
apiModules.push(inquiryRoutes);
