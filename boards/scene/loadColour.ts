/**
 * Load → colour for the meters, as 0…1 sRGB triples (no three.js here, unit-tested).
 * A cold-to-hot ramp readable on a dark control-room background; grey means offline or no data; red
 * pulsing is reserved for open alarms, so the hottest colour of the ramp is orange, not red.
 */
export type Rgb = readonly [number, number, number];

const hex = (value: number): Rgb => [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];

/** Ramp stops: ratio → colour. */
export const LOAD_RAMP: readonly { at: number; colour: Rgb }[] = [
  { at: 0, colour: hex(0x2f6fdb) }, // blue: idle
  { at: 0.4, colour: hex(0x22b5a0) }, // teal
  { at: 0.7, colour: hex(0xe8c547) }, // amber
  { at: 1, colour: hex(0xf07b22) }, // orange: the site's highest load
];
export const NO_DATA_COLOUR: Rgb = hex(0x5b6472);
export const ALARM_COLOUR: Rgb = hex(0xff1f2d);

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** The ramp colour of a load ratio (clamped to 0…1); NO_DATA_COLOUR for null. */
export function loadColour(ratio: number | null): Rgb {
  if (ratio === null || !Number.isFinite(ratio)) return NO_DATA_COLOUR;
  const r = Math.min(1, Math.max(0, ratio));
  for (let i = 1; i < LOAD_RAMP.length; i++) {
    const from = LOAD_RAMP[i - 1]!;
    const to = LOAD_RAMP[i]!;
    if (r <= to.at) return mix(from.colour, to.colour, (r - from.at) / (to.at - from.at));
  }
  return LOAD_RAMP[LOAD_RAMP.length - 1]!.colour;
}

/** Seconds per alarm pulse. */
export const ALARM_PULSE_SECONDS = 1.2;

/** 0…1 strength of the alarm pulse at a time (a smooth sine, full red at the peak). */
export function alarmPulse(seconds: number): number {
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * seconds) / ALARM_PULSE_SECONDS);
}

/** A meter in alarm: its load colour blended towards red by the pulse, never less than half red. */
export function alarmColour(base: Rgb, pulse: number): Rgb {
  return mix(base, ALARM_COLOUR, 0.5 + 0.5 * Math.min(1, Math.max(0, pulse)));
}

/** CSS colour of an Rgb (the legend draws the same ramp as the scene). */
export function cssColour(rgb: Rgb): string {
  return `rgb(${rgb.map((channel) => Math.round(channel * 255)).join(', ')})`;
}
