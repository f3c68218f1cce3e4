/** Field-rule texts named by the spec ('rules.username_isUserName' …); en.ts, zh.ts and es.ts hold the same keys. */
export const rulesEs = {
  username_isUserName: 'El usuario debe tener de 5 a 50 letras, cifras o guiones bajos, o ser una dirección de correo',
  password_isPassword:
    'La contraseña debe tener de 8 a 20 caracteres con una mayúscula, una minúscula, una cifra y uno de ! $ # % @ & *, y ningún otro carácter',
  password_notUsername: 'La contraseña debe ser distinta del usuario',
};
