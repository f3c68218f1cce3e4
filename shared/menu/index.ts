export * from './menuTree';
export * from './buttons';
export * from './routerEntry';
