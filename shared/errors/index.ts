export * from './codes';
export * from './envelope';
