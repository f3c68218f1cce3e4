export * from './menuTree';
export * from './routerEntry';
