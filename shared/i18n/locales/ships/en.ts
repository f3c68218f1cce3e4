/** Texts of /energy-efficiency-management/ship-energy-consumption; zh.ts and es.ts hold the same keys. */
export const shipsEn = {
  title: 'Ship energy efficiency',
};
