import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Binding, BoardTheme } from '@shared/board/document';
import type { RegistryItem } from './registry';

export const WIDGET_CATEGORIES = ['figures', 'charts', 'energy', 'alarms', 'media', '3d'] as const;
export type WidgetCategory = (typeof WIDGET_CATEGORIES)[number];

/** What the host knows of a channel a widget reads: its newest value and when it was measured. */
export interface ChannelReading<T = unknown> {
  value: T;
  /** When the data was measured or computed (reading time, computedAt); the host shows its age. */
  ts: number;
  /** When this browser received it. */
  receivedAt: number;
}

/** Reads channels for a widget; the kiosk's telemetry store implements it (ref-counted, one socket). */
export interface ChannelReader {
  /** The newest reading; MobX-observable, so an observer component re-renders on each delta. */
  read<T>(channel: string): ChannelReading<T> | undefined;
  /**
   * Subscribes channels (ref-counted) until the returned disposer runs. The widget host already watches
   * the channels a descriptor declares; pages and widgets whose channels depend on data (a mimic's meters,
   * the 3D scene's meters) watch the rest through useWatchedChannels.
   */
  watch(channels: readonly string[]): () => void;
}

/** Everything a widget renderer gets. Sizes are device-independent CSS pixels of the screen, not the design. */
export interface WidgetProps<O = Record<string, unknown>> {
  options: O;
  binding: Binding;
  title: string;
  /** Inner size of the tile in CSS pixels at the screen's resolution (render charts at this size: never CSS-scaled). */
  width: number;
  height: number;
  /** Screen pixels per design pixel: multiply font sizes and strokes by it (text scales with the board). */
  scale: number;
  theme: { mode: BoardTheme; accent: string };
  /** The channels the descriptor declared for these options, in the same order. */
  channels: readonly string[];
  /** True when the host judges the data stale (no update within staleAfterMs, or disconnected). */
  stale: boolean;
}

/** A part of a binding the editor's picker can set (shared/board/document.ts bindingSchema). */
export type BindingField = 'meterIds' | 'departmentIds' | 'subitemIds' | 'metric' | 'energyType' | 'grain' | 'periods';

export interface WidgetDescriptor<O extends Record<string, unknown> = Record<string, unknown>> extends RegistryItem {
  /** The element `type` in board documents: lower-case, hyphens (kpi, live-trend, bar-3d). */
  id: string;
  /** i18n key of the widget's name in the palette and error tiles. */
  nameKey: string;
  category: WidgetCategory;
  /** The current options version; documents with an older one go through `migrations`. */
  version: number;
  /** Options with defaults: `options.parse({})` must succeed (the zero-input stub). */
  options: z.ZodType<O>;
  /** Named upgrades of the options: key = the version they upgrade from. */
  migrations?: Readonly<Record<number, { name: string; up: (options: Record<string, unknown>) => Record<string, unknown> }>>;
  /** Grid size when dropped on a 24-column board. */
  defaultSize: { w: number; h: number };
  /**
   * What the editor's binding picker offers: the binding fields channels() or the renderer read. None (or
   * empty): the widget takes no binding (its data comes from options or fixed channels).
   */
  bindingFields?: readonly BindingField[];
  /** The channels this widget reads for a binding and options (empty for a clock or a text). */
  channels(binding: Binding, options: O): string[];
  /** Data older than this is shown greyed with its time (default 5 minutes). */
  staleAfterMs?: number;
  /** Loads three.js or echarts-gl: the bench and the bundle check keep these off 2D boards. */
  heavy?: boolean;
  load(): Promise<{ default: ComponentType<WidgetProps<O>> }>;
}

/** Helps TypeScript infer O from the options schema in each descriptor file. */
export function defineWidget<O extends Record<string, unknown>>(descriptor: WidgetDescriptor<O>): WidgetDescriptor<O> {
  return descriptor;
}

/** The catalogue holds descriptors of every options type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- O sits in both input and output positions (channels, renderer props): no other type admits every descriptor
export type AnyWidgetDescriptor = WidgetDescriptor<any>;
