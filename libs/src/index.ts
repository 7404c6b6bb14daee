export * from './schema';
export * from './identity';
export * from './care-recipients';
export * from './api';
