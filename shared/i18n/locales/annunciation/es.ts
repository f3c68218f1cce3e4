import type { CatalogueShape } from '../../catalogue';
import type { annunciationEn } from './en';

export const annunciationEs: CatalogueShape<typeof annunciationEn> = {
  loading: 'Cargando…',
  bell: 'Alarmas sin reconocer',
  title: 'Alarmas sin reconocer',
  empty: 'Ninguna alarma espera reconocimiento.',
  acknowledge: 'Reconocer',
  acknowledgeAll: 'Reconocer todas',
  acknowledged: 'Reconocidas: {{count}}',
  skipped: 'No reconocidas',
  skippedItem: '#{{id}} {{subject}}: {{reason}}',
  mute: 'Silenciar el sonido de alarma',
  unmute: 'Activar el sonido de alarma',
  enableSound: 'Haga clic para activar el sonido',
  openAlerts: 'Abrir las alertas',
  details: 'Detalles',
  severity: { low: 'Baja', medium: 'Media', high: 'Alta', critical: 'Crítica' },
  reason: {
    alreadyProcessed: 'ya procesada',
    clearedBySystem: 'borrada por el sistema',
    alreadyAcknowledged: 'ya reconocida',
    noSuchAlarm: 'no existe la alarma',
    changedMeanwhile: 'otra persona la cambió mientras tanto',
  },
};
