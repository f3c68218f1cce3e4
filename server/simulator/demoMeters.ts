import type { LoadShape } from './loadProfile';

/** The character of each demo meter (codes from server/seed/demoOrganisation.ts); incomers sum their children. */
export const DEMO_LOADS: Record<string, LoadShape> = {
  M011: { kind: 'process', peak: 180, baseShare: 0.1 },
  M012: { kind: 'process', peak: 45, baseShare: 0.05 },
  M013: { kind: 'lighting', peak: 22, baseShare: 0.1 },
  M014: { kind: 'process', peak: 160, baseShare: 0.1 },
  M015: { kind: 'process', peak: 240, baseShare: 0.3 },
  M016: { kind: 'lighting', peak: 20, baseShare: 0.1 },
  M021: { kind: 'process', peak: 130, baseShare: 0.05 },
  M022: { kind: 'process', peak: 90, baseShare: 0.15 },
  M023: { kind: 'lighting', peak: 15, baseShare: 0.2 },
  M024: { kind: 'hvac', peak: 60, baseShare: 0.55 },
  M030: { kind: 'hvac', peak: 320, baseShare: 0.25 },
  M031: { kind: 'hvac', peak: 280, baseShare: 0.2 },
  M033: { kind: 'process', peak: 110, baseShare: 0.3 },
  M034: { kind: 'process', peak: 110, baseShare: 0.2 },
  M041: { kind: 'lighting', peak: 18, baseShare: 0.1 },
  M042: { kind: 'process', peak: 25, baseShare: 0.2 },
  M043: { kind: 'lighting', peak: 18, baseShare: 0.1 },
  M044: { kind: 'process', peak: 25, baseShare: 0.2 },
  M045: { kind: 'it', peak: 70, baseShare: 0.9 },
  M046: { kind: 'it', peak: 65, baseShare: 0.9 },
  M047: { kind: 'hvac', peak: 55, baseShare: 0.6 },
  M002: { kind: 'water', peak: 12, baseShare: 0.15 },
  M032: { kind: 'water', peak: 6, baseShare: 0.3 },
  M036: { kind: 'water', peak: 3, baseShare: 0.2 },
  M003: { kind: 'gas', peak: 90, baseShare: 0.2 },
  M035: { kind: 'gas', peak: 80, baseShare: 0.2 },
};

/** Main meters measure their children plus an unmetered remainder (losses, small loads). */
export const DEMO_INCOMERS: Record<string, { children: string[]; remainderKw: number }> = {
  M010: { children: ['M011', 'M012', 'M013', 'M014', 'M015', 'M016'], remainderKw: 12 },
  M020: { children: ['M021', 'M022', 'M023', 'M024'], remainderKw: 8 },
  M040: { children: ['M041', 'M042', 'M043', 'M044', 'M045', 'M046', 'M047'], remainderKw: 6 },
  M001: { children: ['M010', 'M020', 'M030', 'M031', 'M033', 'M034'], remainderKw: 20 },
};
