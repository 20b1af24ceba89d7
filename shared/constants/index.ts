export * from './audiences';
export * from './subscriber-options';
export * from './messages';
export * from './consent';
export * from './limits';
export * from './business';
