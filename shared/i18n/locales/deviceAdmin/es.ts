import type { CatalogueShape } from '../../catalogue';
import type { deviceAdminEn } from './en';

export const deviceAdminEs: CatalogueShape<typeof deviceAdminEn> = {
  loading: 'Cargando…',
  tabs: { meters: 'Medidores', gateways: 'Pasarelas' },
  actions: { save: 'Guardar', cancel: 'Cancelar' },
  meters: { replacements: 'Sustituciones', history: 'Historial' },
  gateways: { credentials: 'Credenciales MQTT' },
  credentials: {
    title: 'Credenciales MQTT de {{sn}}',
    explain:
      'La pasarela inicia sesión en el bróker con ellas y solo puede publicar en gateways/{{sn}}/…. Una contraseña nueva sustituye a la anterior de inmediato.',
    username: 'Usuario MQTT',
    password: 'Contraseña MQTT',
    saved: 'Credenciales MQTT guardadas: {{sn}} inicia sesión como {{username}}',
  },
  replacements: {
    title: 'Sustituciones de {{code}} {{name}}',
    none: 'Este medidor aún no se ha sustituido',
    serials: 'N.º de serie antiguo → nuevo',
    readings: 'Lectura final → inicial',
    credited: 'Energía abonada',
    when: 'Cuándo / quién',
    recordTitle: 'Registrar una sustitución',
    explain: 'Se abona la energía entre la última lectura del medidor antiguo y su lectura final; el siguiente ciclo empieza en la lectura inicial del nuevo.',
    pickTime: 'Cuándo se sustituyó',
    record: 'Registrar sustitución',
    recorded: 'Sustitución de {{code}} registrada: {{energy}} abonados',
    fields: {
      replacedAt: 'Sustituido el',
      oldSerial: 'N.º de serie antiguo',
      newSerial: 'N.º de serie nuevo',
      oldFinalReading: 'Lectura final del medidor antiguo ({{unit}})',
      newInitialReading: 'Lectura inicial del medidor nuevo ({{unit}})',
      note: 'Nota',
    },
  },
  rules: {
    mqttUsername: { invalid_format: 'Solo letras, dígitos y . _ @ -' },
    replacedAt: { custom: 'La hora de sustitución no puede estar en el futuro', invalid_type: 'Elija cuándo se sustituyó el medidor' },
    too_small_string: 'Al menos {{minimum}} caracteres',
    too_big_string: 'Como máximo {{maximum}} caracteres',
    too_small_number: 'Debe ser al menos {{minimum}}',
    too_big_number: 'Debe ser como máximo {{maximum}}',
    invalid_type: 'Rellene este campo',
  },
};
