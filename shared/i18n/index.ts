export * from './catalogue';
export * from './createI18n';
export * from './language';
