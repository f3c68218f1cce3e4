import type { CatalogueShape } from '../../catalogue';
import type { kioskRuntimeEn } from './en';

export const kioskRuntimeEs: CatalogueShape<typeof kioskRuntimeEn> = {
  loading: 'Cargando el tablero…',
  connecting: 'Conectando con el servidor…',
  widget: {
    unknownType: 'Tipo de widget desconocido "{{type}}"',
    invalidOptions: '{{name}}: esta configuración no es válida',
    failed: 'No se pudo dibujar {{name}}; se reintentará en 30 s',
    lastUpdate: 'Última actualización {{time}}',
    noData: 'Aún no hay datos',
  },
  connection: {
    lost: 'Conexión perdida — mostrando datos de las {{time}}, reconectando… (intento {{attempt}})',
    lostNoData: 'Conexión perdida — reconectando… (intento {{attempt}})',
  },
  signIn: {
    title: 'Se necesita iniciar sesión',
    note: 'Esta pantalla no tiene una sesión válida. Inicie sesión o abra un enlace de pantalla desde la consola.',
    link: 'Iniciar sesión',
  },
  revoked: {
    title: 'Esta pantalla ha sido revocada',
    note: 'Pida a un administrador un nuevo enlace de pantalla.',
  },
  board: {
    notFound: 'No se encontró el tablero {{id}}.',
    notShared: 'El tablero {{id}} no está compartido con usted.',
    askUser: 'Pida a {{name}} ({{username}}), que administra su árbol de usuarios, que se lo comparta.',
    askAdmin: 'Pida a un administrador que se lo comparta.',
    deleted: 'Este tablero fue eliminado.',
    failed: 'No se pudo cargar el tablero; reintentando…',
    invalid: 'Este tablero no se puede mostrar: {{reason}}',
    noBoards: 'Esta pantalla no tiene tableros que mostrar.',
  },
  playlist: {
    failed: 'No se pudo cargar la lista de reproducción; reintentando…',
    allFailed: 'No se pudo cargar ningún tablero de esta lista; reintentando…',
  },
};
