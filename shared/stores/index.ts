export * from './appStore';
export * from './localCaches';
export * from './rootStore';
export * from './sessionStore';
export * from './permissionStore';
