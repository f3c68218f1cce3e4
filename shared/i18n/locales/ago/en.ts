/** Spec §9 time-ago, shared by every screen; zh.ts and es.ts hold the same keys. */
export const agoEn = {
  justNow: 'just now',
  minutes: '{{count}} min ago',
  hours: '{{count}} h ago',
  oneDay: '1 day ago',
  date: 'on {{date}}',
};
