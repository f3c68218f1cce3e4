export * from './document';
export * from './migrations';
export * from './channels';
