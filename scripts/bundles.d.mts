export declare const root: string;
export declare function bundlesAreStale(outDir?: string): boolean;
export declare function ensureBuilt(options?: { quiet?: boolean; outDir?: string }): boolean;
