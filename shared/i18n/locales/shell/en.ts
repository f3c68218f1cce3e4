/** The app titles and the kiosk's own page texts: shared by the console catalogue and the kiosk's small one. */
export const appEn = {
  consoleTitle: 'Energy Console',
  kioskTitle: 'Energy Kiosk',
};

export const kioskEn = {
  board: 'Board {{id}}',
  visualization: 'Visualization',
  notFound: 'Nothing to show at this address.',
};
