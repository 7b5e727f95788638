// Entry of the hooks bundle: everything the server shares with the browser.
export * from './site-type';
export * from './domain-name';
export * from './plans';
export * from './roles';
export * from './contact';
export * from './roi';
