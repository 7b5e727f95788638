// Lint rules for every TypeScript/JavaScript file the project owns. Zero warnings is the bar:
// `npm run lint` fails on any.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.astro/',
      '.bin/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'pocketbase/pb_data/',
      'pocketbase/pb_hooks/lib/generated/',
      'pocketbase/**/*.gen.js',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/dashboard/**/*.ts', 'src/islands/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // PocketBase hooks and migrations: CommonJS run by goja; their globals ($app, routerAdd...) are
    // checked by the hooks type-check against PocketBase's generated declarations instead.
    files: ['pocketbase/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { 'no-undef': 'off', '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/triple-slash-reference': 'off' },
  },
);
