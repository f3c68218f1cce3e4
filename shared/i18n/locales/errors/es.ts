import type { CatalogueShape } from '../../catalogue';
import type { errorsEn } from './en';

export const errorsEs: CatalogueShape<typeof errorsEn> = {
  ok: 'ok',
  login_failed: 'La cuenta o la contraseña son incorrectas',
  token_expired: 'Su sesión ha caducado, inicie sesión de nuevo',
  token_invalid: 'Token no válido, inicie sesión de nuevo',
  token_revoked: 'Se ha cerrado su sesión, inicie sesión de nuevo',
  too_many_attempts: 'Demasiados inicios de sesión fallidos para esta cuenta, inténtelo más tarde',
  account_disabled: 'Esta cuenta está desactivada y no puede iniciar sesión en el sistema',
  missing_parameters: 'Faltan parámetros',
  forbidden: 'No tiene permiso para hacer esto',
  sdk_key_invalid: 'La clave sdk no es válida',
  sdk_key_used: 'La clave sdk ya se ha utilizado',
  email_used: '¡Este correo ya está registrado!',
  account_registered: 'Esta cuenta ya está registrada',
  token_missing: 'Inicie sesión primero',
  control_10007: 'La pasarela seleccionada no existe',
  kanban_not_found: 'Id de tablero erróneo, ¡tablero no encontrado!',
  no_history: '¡No se encontró historial para este dispositivo!',
  time_out_of_range: '¡Tiempo fuera de rango!',
  validation_failed: 'La solicitud no es válida',
  not_found: 'No encontrado',
  body_too_large: 'El cuerpo de la solicitud es demasiado grande',
  internal: 'Error interno del servidor',
  unavailable: 'El servicio no está disponible ahora',
};
