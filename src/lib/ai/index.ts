// The AI layer's domain logic, shared by the browser, the chat hook and the tests.
export * from './chat-messages';
export * from './chat-stream';
export * from './quotas';
export * from './grounding';
export * from './analyst';
export * from './chat-request';
export * from './chat-client';
export * from './insights';
export * from './insight-cards';
export * from './funnel-steps';
export * from './copy-suggestions';
