export * from './apiError';
export * from './authApi';
export * from './client';
export * from './envelope';
export * from './token';
