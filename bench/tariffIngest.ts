// Ingest throughput with tariffs attached: bench/ingestThroughput.ts on SQLite with a time-of-use
// tariff (4 bands, 2 seasons, half-hour edges, holidays) on every meter, so each batch also writes band
// rollups per hour/day/month × meter, department and sub-item. At the end the band rollups must hold exactly
// the energy of the energy rollups (every kWh in one band). Target: ≥ 50,000 readings/s sustained.
// Run: npx tsx bench/tariffIngest.ts (BENCH_ENGINES=postgres,sqlite for both; the other BENCH_* of ingestThroughput apply).
process.env.BENCH_TARIFFS = 'on';
process.env.BENCH_ENGINES ??= 'sqlite';
await import('./ingestThroughput');

export {};
