import { alarmsEn } from '../locales/alarms/en';
import { chartWidgetsEn } from '../locales/chartWidgets/en';
import { tariffWidgetsEn } from '../locales/tariffWidgets/en';
import { prepaidWidgetsEn } from '../locales/prepaidWidgets/en';
import { reportWidgetsEn } from '../locales/reportWidgets/en';
import { lineSecWidgetEn } from '../locales/lineSecWidget/en';
import { productionDevicesEn } from '../locales/productionDevices/en';
import { shipsEn } from '../locales/ships/en';
import { errorsEn } from '../locales/errors/en';
import { kioskRuntimeEn } from '../locales/kioskRuntime/en';
import { liveWidgetsEn } from '../locales/liveWidgets/en';
import { appEn, kioskEn } from '../locales/shell/en';
import { visualizationEn } from '../locales/visualization/en';
import type { KioskCatalogue } from '../kioskNamespaces';

export const kioskCatalogueEn: KioskCatalogue = {
  app: appEn,
  kiosk: kioskEn,
  kioskRuntime: kioskRuntimeEn,
  chartWidgets: chartWidgetsEn,
  tariffWidgets: tariffWidgetsEn,
  prepaidWidgets: prepaidWidgetsEn,
  reportWidgets: reportWidgetsEn,
  lineSecWidget: lineSecWidgetEn,
  productionDevices: productionDevicesEn,
  ships: shipsEn,
  liveWidgets: liveWidgetsEn,
  visualization: visualizationEn,
  alarms: alarmsEn,
  errors: errorsEn,
};
