import { alarmsZh } from '../locales/alarms/zh';
import { chartWidgetsZh } from '../locales/chartWidgets/zh';
import { tariffWidgetsZh } from '../locales/tariffWidgets/zh';
import { prepaidWidgetsZh } from '../locales/prepaidWidgets/zh';
import { reportWidgetsZh } from '../locales/reportWidgets/zh';
import { lineSecWidgetZh } from '../locales/lineSecWidget/zh';
import { productionDevicesZh } from '../locales/productionDevices/zh';
import { shipsZh } from '../locales/ships/zh';
import { errorsZh } from '../locales/errors/zh';
import { kioskRuntimeZh } from '../locales/kioskRuntime/zh';
import { liveWidgetsZh } from '../locales/liveWidgets/zh';
import { appZh, kioskZh } from '../locales/shell/zh';
import { visualizationZh } from '../locales/visualization/zh';
import type { KioskCatalogue } from '../kioskNamespaces';

export const kioskCatalogueZh: KioskCatalogue = {
  app: appZh,
  kiosk: kioskZh,
  kioskRuntime: kioskRuntimeZh,
  chartWidgets: chartWidgetsZh,
  tariffWidgets: tariffWidgetsZh,
  prepaidWidgets: prepaidWidgetsZh,
  reportWidgets: reportWidgetsZh,
  lineSecWidget: lineSecWidgetZh,
  productionDevices: productionDevicesZh,
  ships: shipsZh,
  liveWidgets: liveWidgetsZh,
  visualization: visualizationZh,
  alarms: alarmsZh,
  errors: errorsZh,
};
