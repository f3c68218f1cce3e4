import { z } from 'zod';

/**
 * The board document (../shared/ARCHITECTURE.md "The board document"): versioned JSON that the kiosk
 * renders, the editor writes and the server validates with this same schema. Widget options are checked
 * per type against the widget's own schema (boards/widgets/<type>/descriptor.ts), not here.
 */
export const BOARD_SCHEMA_VERSION = 1;

/** fit: whole board visible, letterboxed; fill: stretched to both edges; fit-width: full width, scrolls vertically. */
export const SCALE_MODES = ['fit', 'fill', 'fit-width'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

export const BOARD_THEMES = ['dark', 'light'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

/** Design resolutions a board may be drawn at; walls from 1366×768 to 7680×2160 (and non-16:9) show it scaled. */
export const MIN_DESIGN_SIZE = 320;
export const MAX_DESIGN_SIZE = 15360;
export const MAX_ELEMENTS = 200;
export const MAX_GRID_COLS = 96;
export const MAX_GRID_ROWS = 400;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #0b1526');
const elementId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'An element id is 1–40 letters, digits, - or _');

/**
 * What a board is for: general walls, the energy boards of board/energyGZ, the data-show boards of
 * payment-statistics/datashowboardlist (opened by their code), and per-equipment boards (base/equipmentBoard)
 * that go through review before they count as approved.
 */
export const BOARD_PURPOSES = ['general', 'energy', 'data-show', 'equipment'] as const;
export type BoardPurpose = (typeof BOARD_PURPOSES)[number];

/** A board code: the `:dataShowBoardCode` of /payment-statistics/datashowboard/:code; unique when set. */
export const BOARD_CODE_SHAPE = /^[A-Za-z0-9_-]{1,40}$/;
export const BOARD_CODE_MESSAGE = 'A board code is 1–40 letters, digits, - or _';

export const boardMetaSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter the board name').max(80, 'At most 80 characters'),
    description: z.string().max(500, 'At most 500 characters').default(''),
    purpose: z.enum(BOARD_PURPOSES).default('general'),
    /** Empty for none; the server keeps codes unique across boards. */
    code: z
      .string()
      .trim()
      .refine((code) => code === '' || BOARD_CODE_SHAPE.test(code), BOARD_CODE_MESSAGE)
      .default(''),
    /** The meter (equipment) an equipment board is about; null for other purposes. */
    equipmentMeterId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((meta, ctx) => {
    if (meta.purpose === 'equipment' && meta.equipmentMeterId === null) {
      ctx.addIssue({ code: 'custom', path: ['equipmentMeterId'], message: 'Choose the equipment (meter) this board is about' });
    }
  });

export const boardThemeSchema = z.object({
  mode: z.enum(BOARD_THEMES).default('dark'),
  background: hexColour.default('#07111f'),
  accent: hexColour.default('#3aa0ff'),
  /** An image under /api/files (uploads); empty for none. */
  backgroundImage: z.string().max(300).default(''),
});

export const boardCanvasSchema = z.object({
  designWidth: z.number().int().min(MIN_DESIGN_SIZE).max(MAX_DESIGN_SIZE).default(1920),
  designHeight: z.number().int().min(MIN_DESIGN_SIZE).max(MAX_DESIGN_SIZE).default(1080),
  scaleMode: z.enum(SCALE_MODES).default('fit'),
});

/**
 * What a widget shows. Bindings name data, the widget's descriptor turns them into channels. Every field
 * is optional: a clock needs none, a KPI needs a meter and metric, a bar chart departments and a period.
 */
export const bindingSchema = z
  .object({
    meterIds: z.array(z.number().int().positive()).max(500).optional(),
    departmentIds: z.array(z.number().int().positive()).max(200).optional(),
    subitemIds: z.array(z.number().int().positive()).max(200).optional(),
    metric: z.string().trim().min(1).max(32).optional(),
    energyType: z.string().trim().min(1).max(32).optional(),
    grain: z.enum(['hour', 'day', 'month']).optional(),
    /** How many grains back from now (24 hours, 30 days …). */
    periods: z.number().int().min(1).max(400).optional(),
  })
  .strict();
export type Binding = z.infer<typeof bindingSchema>;

export const boardElementSchema = z.object({
  type: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'Unknown widget type'),
  /** The widget type's options version; older ones are migrated by the widget's own migrations. */
  version: z.number().int().min(1).default(1),
  title: z.string().max(80, 'At most 80 characters').default(''),
  options: z.record(z.string(), z.unknown()).default({}),
  binding: bindingSchema.default({}),
});

export const gridItemSchema = z.object({
  element: elementId,
  x: z
    .number()
    .int()
    .min(0)
    .max(MAX_GRID_COLS - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(MAX_GRID_ROWS - 1),
  w: z.number().int().min(1).max(MAX_GRID_COLS),
  h: z.number().int().min(1).max(MAX_GRID_ROWS),
});

export const gridLayoutSchema = z.object({
  kind: z.literal('grid'),
  spec: z.object({
    cols: z.number().int().min(1).max(MAX_GRID_COLS).default(24),
    /** Row height in design pixels; the kiosk scales it with the canvas. */
    rowHeight: z.number().int().min(4).max(1000).default(40),
    /** Gap between items in design pixels. */
    gap: z.number().int().min(0).max(64).default(12),
    items: z.array(gridItemSchema).max(MAX_ELEMENTS),
  }),
});

export const boardDocumentSchema = z
  .object({
    schemaVersion: z.literal(BOARD_SCHEMA_VERSION),
    meta: boardMetaSchema,
    theme: boardThemeSchema.default({ mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' }),
    canvas: boardCanvasSchema.default({ designWidth: 1920, designHeight: 1080, scaleMode: 'fit' }),
    elements: z.record(elementId, boardElementSchema),
    layout: gridLayoutSchema,
  })
  .superRefine((board, ctx) => {
    if (Object.keys(board.elements).length > MAX_ELEMENTS) {
      ctx.addIssue({ code: 'custom', path: ['elements'], message: `A board holds at most ${MAX_ELEMENTS} widgets` });
    }
    const placed = new Set<string>();
    board.layout.spec.items.forEach((item, index) => {
      if (!(item.element in board.elements)) {
        ctx.addIssue({ code: 'custom', path: ['layout', 'spec', 'items', index, 'element'], message: `No element "${item.element}" on this board` });
      }
      if (placed.has(item.element)) {
        ctx.addIssue({ code: 'custom', path: ['layout', 'spec', 'items', index, 'element'], message: `Element "${item.element}" is placed twice` });
      }
      placed.add(item.element);
      if (item.x + item.w > board.layout.spec.cols) {
        ctx.addIssue({ code: 'custom', path: ['layout', 'spec', 'items', index, 'w'], message: `The widget runs past column ${board.layout.spec.cols}` });
      }
    });
  });

export type BoardDocument = z.output<typeof boardDocumentSchema>;
export type BoardDocumentInput = z.input<typeof boardDocumentSchema>;
export type BoardElement = z.output<typeof boardElementSchema>;
export type GridItem = z.output<typeof gridItemSchema>;
