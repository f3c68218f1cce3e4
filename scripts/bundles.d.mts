export declare const root: string;
export declare function bundlesAreStale(): boolean;
export declare function ensureBuilt(options?: { quiet?: boolean }): boolean;
