/** Field-rule texts named by the spec ('rules.username_isUserName' …); en.ts, zh.ts and es.ts hold the same keys. */
export const rulesEn = {
  username_isUserName: 'Username must be 5 to 50 letters, digits or underscores, or an e-mail address',
  password_isPassword:
    'Password must be 8 to 20 characters with an uppercase letter, a lowercase letter, a digit and one of ! $ # % @ & *, and no other characters',
  password_notUsername: 'The password must differ from the username',
};
