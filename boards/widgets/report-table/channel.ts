import { PERIOD_PRESETS, REPORT_TEMPLATE_KEYS, type PeriodPreset, type ReportTemplateKey } from '@shared/reports/constants';
import type { ReportTable } from '@shared/reports/table';

/**
 * `report:<definition>:table:<period>:<minutes>`: a report definition's live table for a wall. `<definition>` is a
 * definition id (`12`) or `tpl-<template key>` (the caller tree's first definition made from that template, so a
 * shipped board works without knowing ids); `<period>` a preset or `own` (the definition's own period); the table
 * is computed on joining and again every `<minutes>` while anyone watches. Served by server/modules/reportWall in
 * the caller's tree (a display reads as its owner): another tree's definition id is refused as one that does not
 * exist. Pure: the server imports this builder and parser.
 */
export const REFRESH_MIN_MINUTES = 1;
export const REFRESH_MAX_MINUTES = 60;

/** A preset of the definition's own period, or one that needs no dates (custom has from/to, so a wall cannot ask for it). */
export const WALL_PRESETS = ['own', ...PERIOD_PRESETS.filter((preset) => preset !== 'custom')] as const;
export type WallPreset = (typeof WALL_PRESETS)[number];

export type ReportRef = { definitionId: number } | { template: ReportTemplateKey };

export interface ReportWallQuery {
  ref: ReportRef;
  preset: WallPreset;
  refreshMinutes: number;
}

/** What the channel carries: the table, or why there is none. */
export interface ReportWallData {
  computedAt: number;
  /** the definition shown (null when none was found) */
  definitionId: number | null;
  name: string;
  table: ReportTable | null;
  /** missing: no such definition in the tree (deleted since, or no definition of the template); tooLarge: too many cells for a wall */
  problem: 'missing' | 'tooLarge' | null;
}

/** More cells than this (rows × columns) is a report for a file, not a wall. */
export const WALL_MAX_CELLS = 20_000;

export function reportWallChannel(query: ReportWallQuery): string {
  const ref = 'definitionId' in query.ref ? String(query.ref.definitionId) : `tpl-${query.ref.template}`;
  return `report:${ref}:table:${query.preset}:${query.refreshMinutes}`;
}

const CHANNEL = /^report:([1-9]\d{0,9}|tpl-[A-Za-z]+):table:([A-Za-z0-9]+):([1-9]\d?)$/;

export function parseReportWallChannel(channel: string): ReportWallQuery | null {
  const match = CHANNEL.exec(channel);
  if (!match) return null;
  const [, refText = '', presetText = '', minutesText = ''] = match;
  if (!(WALL_PRESETS as readonly string[]).includes(presetText)) return null;
  const refreshMinutes = Number(minutesText);
  if (refreshMinutes < REFRESH_MIN_MINUTES || refreshMinutes > REFRESH_MAX_MINUTES) return null;
  let ref: ReportRef;
  if (refText.startsWith('tpl-')) {
    const template = refText.slice(4);
    if (!(REPORT_TEMPLATE_KEYS as readonly string[]).includes(template)) return null;
    ref = { template: template as ReportTemplateKey };
  } else {
    const definitionId = Number(refText);
    if (!Number.isSafeInteger(definitionId)) return null;
    ref = { definitionId };
  }
  return { ref, preset: presetText as WallPreset, refreshMinutes };
}

/** The period a wall asks for, as resolvePeriod takes it (own: the definition's). */
export const presetOf = (preset: WallPreset): PeriodPreset | null => (preset === 'own' ? null : preset);
