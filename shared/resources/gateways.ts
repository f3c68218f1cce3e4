import { z } from 'zod';
import { defineResource } from './defineResource';
import { requiredRef, requiredText } from './rules';

export const gatewaySchema = z.object({
  sn: requiredText(64),
  name: requiredText(),
  ownerUserId: requiredRef(),
});

/** Gateways have no menu entry of their own in the spec; they are devices, so /base/device rules them. */
export const gatewayResource = defineResource({
  name: 'gateway',
  path: 'gateways',
  menu: '/base/device',
  schema: gatewaySchema,
  fields: [
    { name: 'sn', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'ownerUserId', kind: 'number' },
    { name: 'online', kind: 'flag', readOnly: true },
    { name: 'lastSeenAt', kind: 'time', readOnly: true },
    // Set with its own action (PUT /api/gateways/:id/mqtt-credentials), never through the form.
    { name: 'mqttUsername', kind: 'text', readOnly: true },
  ],
  listFilters: [{ name: 'online', kind: 'flag' }],
});
