export * from './metrics';
export * from './timestamp';
export * from './uplink';
export * from './readingScale';
export * from './thresholdKnee';
