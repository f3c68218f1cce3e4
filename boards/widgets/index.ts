import { Registry } from '../registry';
import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { CHART_WIDGETS } from './chartWidgets';
import { LIVE_WIDGETS } from './liveWidgets';
import { SCENE_WIDGETS } from './sceneWidgets';
import { TARIFF_WIDGETS } from './tariffWidgets';
import { PREPAID_WIDGETS } from './prepaidWidgets';
import { REPORT_WIDGETS } from './reportWidgets';
import { idleEnergyWidget } from './idle-energy/descriptor';
import { lineSecWidget } from './line-sec/descriptor';
import { fleetCiiWidget } from './fleet-cii/descriptor';

/**
 * The built-in widget catalogue. Descriptors are pure (zod + channel names), so the server imports this
 * list to validate options; renderers load lazily through `load()`. A duplicate id throws at start-up.
 */
export const widgetRegistry = new Registry<AnyWidgetDescriptor>('Widget');
for (const descriptor of [
  ...CHART_WIDGETS,
  ...LIVE_WIDGETS,
  ...SCENE_WIDGETS,
  ...TARIFF_WIDGETS,
  ...PREPAID_WIDGETS,
  ...REPORT_WIDGETS,
  idleEnergyWidget,
  lineSecWidget,
  fleetCiiWidget,
])
  widgetRegistry.register(descriptor);
