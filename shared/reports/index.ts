export * from './constants';
export * from './spec';
export * from './scheduleSchemas';
export * from './table';
export * from './types';
export * from './periods';
