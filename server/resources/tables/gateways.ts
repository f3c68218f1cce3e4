import type { ResourceTable } from '../resourceTable';

export const gatewayTable: ResourceTable = {
  table: 'gateways',
  columns: { sn: 'sn', name: 'name', ownerUserId: 'owner_user_id', online: 'online', lastSeenAt: 'last_seen_at', mqttUsername: 'mqtt_username' },
  flags: ['online'],
  search: ['sn', 'name'],
  unique: ['sn'],
  references: { ownerUserId: 'users' },
  orderBy: ['sn'],
  /** The serial number is what installers read on the device and in MQTT topics. */
  optionName: (row) => String(row.sn),
};
