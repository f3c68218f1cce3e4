export * from './constants';
export * from './schemas';
export * from './api';
export * from './cellDates';
export * from './fuelFactors';
