import type { AxiosInstance } from 'axios';
import { useMemo } from 'react';
import { envelopeData } from '@shared/api/envelopeData';
import type {
  CalendarDay,
  CalendarDayBody,
  CalendarImportBody,
  CalendarImportResult,
  RotaDayBody,
  RotaFillBody,
  RotaSlot,
  ShiftEnergyRow,
  ShiftTeam,
  ShiftTeamBody,
  ShiftTemplate,
  ShiftTemplateBody,
} from '@shared/schemas/shifts';
import { useStores } from '../../stores/StoreContext';

/** The routes of shared/schemas/shifts.ts: calendar days, shift templates, teams, rota and shift energy. */
export interface ShiftsApi {
  calendarYear(year: number): Promise<CalendarDay[]>;
  setDay(day: string, body: CalendarDayBody): Promise<CalendarDay & { recomputeJobId: number | null }>;
  resetDay(day: string): Promise<CalendarDay & { recomputeJobId: number | null }>;
  importCalendar(body: CalendarImportBody): Promise<CalendarImportResult & { recomputeJobId: number | null }>;
  /** With a department: those of its user tree (what its rota may use). */
  templates(departmentId?: number): Promise<ShiftTemplate[]>;
  createTemplate(body: ShiftTemplateBody): Promise<ShiftTemplate>;
  updateTemplate(id: number, body: ShiftTemplateBody): Promise<ShiftTemplate>;
  removeTemplate(id: number): Promise<unknown>;
  teams(departmentId?: number): Promise<ShiftTeam[]>;
  createTeam(body: ShiftTeamBody): Promise<ShiftTeam>;
  updateTeam(id: number, body: ShiftTeamBody): Promise<ShiftTeam>;
  removeTeam(id: number): Promise<unknown>;
  rota(departmentId: number, from: string, to: string): Promise<RotaSlot[]>;
  putRotaDay(body: RotaDayBody): Promise<RotaSlot[]>;
  fillRota(body: RotaFillBody): Promise<{ days: number; slots: number }>;
  shiftEnergy(query: { departmentId: number; from: string; to: string; energyType?: string }): Promise<ShiftEnergyRow[]>;
}

export function createShiftsApi(http: AxiosInstance): ShiftsApi {
  return {
    calendarYear: (year) => envelopeData(http.get('/calendar-days', { params: { year } })),
    setDay: (day, body) => envelopeData(http.put(`/calendar-days/${day}`, body)),
    resetDay: (day) => envelopeData(http.delete(`/calendar-days/${day}`)),
    importCalendar: (body) => envelopeData(http.post('/calendar-days/import', body)),
    templates: (departmentId) => envelopeData(http.get('/shift-templates', departmentId === undefined ? {} : { params: { departmentId } })),
    createTemplate: (body) => envelopeData(http.post('/shift-templates', body)),
    updateTemplate: (id, body) => envelopeData(http.put(`/shift-templates/${id}`, body)),
    removeTemplate: (id) => envelopeData(http.delete(`/shift-templates/${id}`)),
    teams: (departmentId) => envelopeData(http.get('/shift-teams', departmentId === undefined ? {} : { params: { departmentId } })),
    createTeam: (body) => envelopeData(http.post('/shift-teams', body)),
    updateTeam: (id, body) => envelopeData(http.put(`/shift-teams/${id}`, body)),
    removeTeam: (id) => envelopeData(http.delete(`/shift-teams/${id}`)),
    rota: (departmentId, from, to) => envelopeData(http.get('/shift-rota', { params: { departmentId, from, to } })),
    putRotaDay: (body) => envelopeData(http.put('/shift-rota', body)),
    fillRota: (body) => envelopeData(http.post('/shift-rota/fill', body)),
    shiftEnergy: (query) => envelopeData(http.get('/shift-energy', { params: query })),
  };
}

/** The shifts client on the console's axios instance (token, envelope, error toast). */
export function useShiftsApi(): ShiftsApi {
  const root = useStores();
  return useMemo(() => createShiftsApi(root.http), [root.http]);
}
