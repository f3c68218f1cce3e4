export * from './apiError';
export * from './authApi';
export * from './client';
export * from './envelope';
export * from './token';
export * from './accountApi';
export * from './envelopeData';
export * from './energyApi';
