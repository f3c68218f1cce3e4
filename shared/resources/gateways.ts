import { z } from 'zod';
import { defineResource } from './defineResource';
import { requiredRef, requiredText } from './rules';
import { gatewayTexts } from './gateways.texts';

export const gatewaySchema = z.object({
  sn: requiredText(64),
  name: requiredText(),
  ownerUserId: requiredRef(),
});

/** Gateways have no menu entry of their own in the spec; they are devices, so /base/device rules them. */
export const gatewayResource = defineResource({
  name: 'gateway',
  path: 'gateways',
  table: 'gateways',
  menu: '/base/device',
  schema: gatewaySchema,
  fields: [
    { name: 'sn', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'ownerUserId', kind: 'number', owner: true },
    { name: 'online', kind: 'flag', readOnly: true },
    { name: 'lastSeenAt', kind: 'time', readOnly: true },
    // Set with its own action (PUT /api/gateways/:id/mqtt-credentials), never through the form.
    { name: 'mqttUsername', kind: 'text', readOnly: true },
  ],
  listFilters: [{ name: 'online', kind: 'flag' }],
  orderBy: ['sn'],
  /** The serial number is what installers read on the device and in MQTT topics. */
  optionLabel: ['sn'],
  texts: gatewayTexts,
  sample: ({ mark, owner }) => ({ sn: `GW-${mark}`, name: `${mark} gateway`, ownerUserId: owner }),
});
