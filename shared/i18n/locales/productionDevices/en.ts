/** Texts of /energy-efficiency-management/production-device; zh.ts and es.ts hold the same keys. */
export const productionDevicesEn = {
  title: 'Production equipment',
};
