import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { bandCostWidget } from './band-cost/descriptor';
import { currentBandWidget } from './current-band/descriptor';
import { shiftEnergyWidget } from './shift-energy/descriptor';

/** Tariff and shift widgets: one line per widget; texts in the tariffWidgets namespace. */
export const TARIFF_WIDGETS: AnyWidgetDescriptor[] = [bandCostWidget, currentBandWidget, shiftEnergyWidget];
