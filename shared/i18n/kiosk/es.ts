import { alarmsEs } from '../locales/alarms/es';
import { chartWidgetsEs } from '../locales/chartWidgets/es';
import { tariffWidgetsEs } from '../locales/tariffWidgets/es';
import { prepaidWidgetsEs } from '../locales/prepaidWidgets/es';
import { reportWidgetsEs } from '../locales/reportWidgets/es';
import { lineSecWidgetEs } from '../locales/lineSecWidget/es';
import { productionDevicesEs } from '../locales/productionDevices/es';
import { shipsEs } from '../locales/ships/es';
import { errorsEs } from '../locales/errors/es';
import { kioskRuntimeEs } from '../locales/kioskRuntime/es';
import { liveWidgetsEs } from '../locales/liveWidgets/es';
import { appEs, kioskEs } from '../locales/shell/es';
import { visualizationEs } from '../locales/visualization/es';
import type { KioskCatalogue } from '../kioskNamespaces';

export const kioskCatalogueEs: KioskCatalogue = {
  app: appEs,
  kiosk: kioskEs,
  kioskRuntime: kioskRuntimeEs,
  chartWidgets: chartWidgetsEs,
  tariffWidgets: tariffWidgetsEs,
  prepaidWidgets: prepaidWidgetsEs,
  reportWidgets: reportWidgetsEs,
  lineSecWidget: lineSecWidgetEs,
  productionDevices: productionDevicesEs,
  ships: shipsEs,
  liveWidgets: liveWidgetsEs,
  visualization: visualizationEs,
  alarms: alarmsEs,
  errors: errorsEs,
};
