export * from './api';
export * from './comparisonMath';
