export * from './definition';
export * from './answer';
export * from './nps';
export * from './themes';
