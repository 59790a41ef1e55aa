export * from './accounts';
export * from './auth';
export * from './issuing';
export * from './wallet';
export * from './system';
export * from './search';
export * from './blockcerts';
export * from './portal';
