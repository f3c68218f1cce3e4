export * from './bands';
export * from './tariffDefinition';
export * from './bandLookup';
export * from './money';
