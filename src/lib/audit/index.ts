// The website audit: the server's part plus the TypeScript HTML parser (tests, tools).
export * from './server';
export { parsePage } from './parse';
export { auditHtml } from './html';
