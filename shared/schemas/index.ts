export * from './choices';
export * from './contact';
export * from './fields';
export * from './scorecard';
export * from './signup';
export * from './subscriber-update';
