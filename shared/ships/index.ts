export * from './shipTypes';
export * from './fuels';
