export * from './auth';
export * from './user';
export * from './health';
