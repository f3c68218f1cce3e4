/**
 * Tables whose rows belong to a user tree through an `owner_user_id` column. A row's tree is its owner
 * and that owner's tree root (see ownerScope.ts). Rows of every other stored kind hang off one of these
 * (readings and quarantine off a meter, versions off a board, records off a push task) and take its tree.
 */
export const OWNED_TABLES = [
  'gateways',
  'meters',
  'departments',
  'subitems',
  'tags',
  'alarm_rules',
  'displays',
  'playlists',
  'boards',
  'sprites',
  'files',
  'push_tasks',
  'push_templates',
  'interface_keys',
  'display_areas',
  'ingest_rejections',
  'forward_endpoints',
] as const;

export type OwnedTable = (typeof OWNED_TABLES)[number];
