import type { CiiLetter } from '@shared/ships/api';

/** Band colours of the CII letters, green (A) to red (E), with legible text on each; the ships console uses them too. */
export const LETTER_COLOURS: Readonly<Record<CiiLetter, string>> = {
  A: '#1a9850',
  B: '#91cf60',
  C: '#fee08b',
  D: '#fc8d59',
  E: '#d73027',
};
export const LETTER_INK: Readonly<Record<CiiLetter, string>> = { A: '#ffffff', B: '#1f2d12', C: '#3a2f00', D: '#2b1200', E: '#ffffff' };
