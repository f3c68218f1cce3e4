export * from './constants';
export * from './serviceFee';
export * from './schemas';
export * from './types';
