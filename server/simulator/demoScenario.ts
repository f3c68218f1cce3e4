/**
 * The events the demo site plays on top of its load curves. The seed (server/seed) imports the names
 * below to create the threshold rule the compressor trips, so the two stay in step.
 */

/** Compressor 1 (Utilities › Compressed Air): it overloads for a few minutes every hour. */
export const DEMO_COMPRESSOR_METER = 'M033';

/** The "Compressor overload" rule's limit on metric `kw`: normal running stays under it (≤ ~119 kW). */
export const DEMO_COMPRESSOR_LIMIT_KW = 140;
