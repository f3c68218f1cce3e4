export * from './auth';
export * from './user';
export * from './health';
export * from './router';
export * from './account';
export * from './interfaces';
export * from './energy';
export * from './alarms';
