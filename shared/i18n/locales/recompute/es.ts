import type { CatalogueShape } from '../../catalogue';
import type { recomputeEn } from './en';

/** Textos en español del panel de recálculos (energía y coste por franja reconstruidos tras un cambio). */
export const recomputeEs: CatalogueShape<typeof recomputeEn> = {
  intro: 'La energía y el coste por franja se recalculan para los días afectados por un cambio de tarifa, calendario, asignación o datos.',
  refresh: 'Actualizar',
  empty: 'Aún no hay recálculos',
  range: '{{from}} a {{to}}',
  meters_one: '{{done}} / {{total}} medidor',
  meters_other: '{{done}} / {{total}} medidores',
  columns: {
    reason: 'Causa',
    days: 'Días',
    state: 'Estado',
    progress: 'Progreso',
    created: 'En cola desde',
    finished: 'Terminado',
    error: 'Error',
  },
  reasons: {
    'tariff-version': 'Versión de tarifa modificada',
    calendar: 'Calendario laboral modificado',
    assignment: 'Asignación de tarifa modificada',
    correction: 'Datos corregidos',
    other: '{{reason}}',
  },
  states: { queued: 'En cola', running: 'En curso', done: 'Terminado', failed: 'Fallido' },
};
