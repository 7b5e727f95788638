// Uploaded documents: what is accepted, the built-in analysis and the model's.
export * from './accept';
export * from './analysis';
export * from './model';
