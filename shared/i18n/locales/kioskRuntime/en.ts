/** English texts: The kiosk runtime (boards on walls): connection banner, stale marks, revoked screen, sign-in states. zh.ts and es.ts beside this file hold the same keys. */
export const kioskRuntimeEn = {
  loading: 'Loading the board…',
  connecting: 'Connecting to the server…',
  widget: {
    unknownType: 'Unknown widget type "{{type}}"',
    invalidOptions: '{{name}}: these settings are not valid',
    failed: '{{name}} could not be drawn; trying again in 30 s',
    lastUpdate: 'Last update {{time}}',
    noData: 'No data yet',
  },
  connection: {
    lost: 'Connection lost — showing data from {{time}}, reconnecting… (attempt {{attempt}})',
    lostNoData: 'Connection lost — reconnecting… (attempt {{attempt}})',
  },
  signIn: {
    title: 'Sign-in needed',
    note: 'This screen has no valid sign-in. Sign in, or open a display link from the console.',
    link: 'Sign in',
  },
  revoked: {
    title: 'This display has been revoked',
    note: 'Ask an administrator for a new display link.',
  },
  board: {
    notFound: 'Board {{id}} was not found.',
    notShared: 'Board {{id}} is not shared with you.',
    askUser: 'Ask {{name}} ({{username}}), who manages your user tree, to share it with you.',
    askAdmin: 'Ask an administrator to share it with you.',
    deleted: 'This board was deleted.',
    failed: 'The board could not be loaded; trying again…',
    invalid: 'This board cannot be shown: {{reason}}',
    noBoards: 'This display has no boards to show.',
  },
  playlist: {
    failed: 'The playlist could not be loaded; trying again…',
    allFailed: 'None of the boards in this playlist could be loaded; trying again…',
  },
};
