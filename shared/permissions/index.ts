export * from './permittedRoutes';
