import { z } from 'zod';
import { multilineText, text } from './text';
import { calendarDateIssue } from './dates';
import { ENERGY_TYPES_PRICED } from '../tariffs/bands';
import { tariffDefinitionSchema, type TariffDefinition } from '../tariffs/tariffDefinition';
import type { BandType } from '../tariffs/bands';

/**
 * Tariffs (/devices/peakvalley): a tariff names an energy type and a currency; its effective-dated
 * versions carry the band prices, seasons and layouts (shared/tariffs/tariffDefinition.ts); assignments hang
 * a tariff on a department (inherited by its meters and sub-departments) or on one meter. One contract for the
 * server's validation and the console's calls. The tiling, month and ratio rules are in
 * shared/tariffs/tariffRules.ts (checkDefinition), which the server applies to every version body.
 *
 * Routes: GET/POST /api/tariffs, GET/PUT/DELETE /api/tariffs/:id, GET/POST /api/tariffs/:id/versions,
 * GET/PUT/DELETE /api/tariff-versions/:id, GET/POST /api/tariff-assignments, DELETE /api/tariff-assignments/:id,
 * GET /api/tariff-assignments/effective?target=&targetId=[&energyType=].
 */

export const TARIFF_ENERGY_TYPES = ENERGY_TYPES_PRICED;
export type TariffEnergyType = (typeof TARIFF_ENERGY_TYPES)[number];

export const ASSIGNMENT_TARGETS = ['department', 'meter'] as const;
export type AssignmentTarget = (typeof ASSIGNMENT_TARGETS)[number];

export const CURRENCY_MESSAGE = 'Enter a currency as 3 capital letters (ISO 4217, e.g. CNY)';
export const DAY_MESSAGE = 'Enter a date as YYYY-MM-DD';

/** A local day (YYYY-MM-DD) in the server's TIME_ZONE that exists in the calendar. */
export const tariffDay = z.string().refine((value) => calendarDateIssue(value) === null, DAY_MESSAGE);

// ---- tariffs ----
/** POST /api/tariffs and PUT /api/tariffs/:id (full body). The energy type cannot change while assigned. */
export const tariffBodySchema = z.object({
  name: text().trim().min(1, 'required').max(64),
  energyType: z.enum(TARIFF_ENERGY_TYPES),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, CURRENCY_MESSAGE)
    .default('CNY'),
  note: multilineText().trim().max(500).default(''),
});
export type TariffBody = z.input<typeof tariffBodySchema>;

/** One version in a tariff's list (no definition: GET /api/tariff-versions/:id has it). */
export interface TariffVersionSummary {
  id: number;
  validFrom: string;
  /** last day (inclusive); null = open-ended */
  validTo: string | null;
  note: string;
  /** season names in order */
  seasons: string[];
  /** bands the version's layouts use, in BAND_TYPES order */
  bands: BandType[];
  createdAt: number;
}

/** GET /api/tariffs (items) and GET /api/tariffs/:id. */
export interface Tariff {
  id: number;
  name: string;
  energyType: TariffEnergyType;
  currency: string;
  note: string;
  createdAt: number;
  updatedAt: number;
  /** newest validFrom first */
  versions: TariffVersionSummary[];
  /** id of the version in force today (TIME_ZONE), or null */
  currentVersionId: number | null;
  /** how many departments/meters the tariff is assigned to */
  assignmentCount: number;
}
export interface TariffList {
  items: Tariff[];
}

// ---- versions ----
/** POST /api/tariffs/:id/versions and PUT /api/tariff-versions/:id (full body). */
export const tariffVersionBodySchema = z
  .object({
    validFrom: tariffDay,
    validTo: tariffDay.nullable().default(null),
    definition: tariffDefinitionSchema,
    note: multilineText().trim().max(500).default(''),
  })
  .refine((body) => body.validTo === null || body.validFrom <= body.validTo, {
    message: 'The last day must not be before the first day',
    path: ['validTo'],
  });
export type TariffVersionBody = z.input<typeof tariffVersionBodySchema>;

/** A rule finding of checkDefinition: dotted path inside the definition ("seasons.0.layouts.workday") and a sentence. */
export interface TariffRuleIssue {
  path: string;
  message: string;
}

/** GET /api/tariff-versions/:id and the answer of a version create/edit. */
export interface TariffVersion {
  id: number;
  tariffId: number;
  tariffName: string;
  energyType: TariffEnergyType;
  currency: string;
  validFrom: string;
  validTo: string | null;
  definition: TariffDefinition;
  note: string;
  createdBy: number | null;
  createdAt: number;
  /** checkDefinition warnings (e.g. peak:valley under 3:1); errors are refused with 40000 */
  warnings: TariffRuleIssue[];
  /** the recompute job queued by this write (band rollups of the affected days), null when none was needed */
  recomputeJobId?: number | null;
  /** when a create closed the previous open-ended version the day before validFrom: that version's id and new validTo */
  closedPrevious?: { id: number; validTo: string } | null;
}
/** GET /api/tariffs/:id/versions: full versions, newest validFrom first. */
export interface TariffVersionList {
  items: TariffVersion[];
}
/** The answer of DELETE /api/tariff-versions/:id and DELETE /api/tariff-assignments/:id. */
export interface TariffDeleteResult {
  recomputeJobId: number | null;
}

/** GET /api/tariffs query. */
export const tariffListQuerySchema = z.object({ energyType: z.enum(TARIFF_ENERGY_TYPES).optional() });

// ---- assignments ----
/** POST /api/tariff-assignments. One per target and energy type; the tariff's energy type must match a meter's. */
export const tariffAssignmentBodySchema = z.object({
  tariffId: z.number().int().positive(),
  target: z.enum(ASSIGNMENT_TARGETS),
  targetId: z.number().int().positive(),
});
export type TariffAssignmentBody = z.input<typeof tariffAssignmentBodySchema>;

/** GET /api/tariff-assignments query. */
export const tariffAssignmentQuerySchema = z.object({
  tariffId: z.coerce.number().int().positive().optional(),
  target: z.enum(ASSIGNMENT_TARGETS).optional(),
  targetId: z.coerce.number().int().positive().optional(),
  energyType: z.enum(TARIFF_ENERGY_TYPES).optional(),
});

/** GET /api/tariff-assignments (items; filters ?tariffId=&target=&targetId=&energyType=) and the answer of a create. */
export interface TariffAssignment {
  id: number;
  tariffId: number;
  tariffName: string;
  target: AssignmentTarget;
  targetId: number;
  /** department name or meter name (code in meterCode for meters) */
  targetName: string;
  meterCode?: string;
  energyType: TariffEnergyType;
  createdAt: number;
  recomputeJobId?: number | null;
}
export interface TariffAssignmentList {
  items: TariffAssignment[];
}

/** GET /api/tariff-assignments/effective query. energyType defaults to the meter's; for a department, all priced types. */
export const effectiveTariffQuerySchema = z.object({
  target: z.enum(ASSIGNMENT_TARGETS),
  targetId: z.coerce.number().int().positive(),
  energyType: z.enum(TARIFF_ENERGY_TYPES).optional(),
});
export type EffectiveTariffQuery = z.input<typeof effectiveTariffQuerySchema>;

/**
 * The tariff that prices a meter's (or a department's) energy of one type: its own assignment, else the nearest
 * department up the tree with one, else none ("unpriced").
 */
export interface EffectiveTariff {
  target: AssignmentTarget;
  targetId: number;
  energyType: TariffEnergyType;
  /** null = unpriced */
  tariff: { id: number; name: string; currency: string } | null;
  /** the assignment that applies, null when unpriced */
  assignmentId: number | null;
  /** where it is inherited from: null when the target has its own assignment (or none applies) */
  inheritedFrom: { departmentId: number; departmentName: string } | null;
  /** the version in force today, null when none */
  currentVersion: TariffVersionSummary | null;
}
/** meter: one item (its energy type); department: one per TARIFF_ENERGY_TYPES (or the one asked for). */
export interface EffectiveTariffList {
  items: EffectiveTariff[];
}
