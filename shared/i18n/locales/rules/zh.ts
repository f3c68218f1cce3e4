/** Field-rule texts named by the spec ('rules.username_isUserName' …); en.ts, zh.ts and es.ts hold the same keys. */
export const rulesZh = {
  username_isUserName: '用户名须为 5 到 50 位字母、数字或下划线，或邮箱地址',
  password_isPassword: '密码须为 8 到 20 位，包含大写字母、小写字母、数字及 ! $ # % @ & * 中的一个，且不能含其他字符',
  password_notUsername: '密码不能与用户名相同',
};
