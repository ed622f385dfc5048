// Lint rules: typescript-eslint with type information, no floating promises, and the layering rule that keeps
// `vscode` out of everything that must run under plain Node (core, CLI, sandbox).
import js from '@eslint/js';
import fs from 'node:fs';
import tseslint from 'typescript-eslint';

// Command ids are written once, in src/extension/commandIds.ts: a literal of one anywhere else is an error.
const commandIds = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')).contributes.commands.map((command) => command.command);
const commandIdPattern = `/^(?:${commandIds.map((id) => id.replace(/\./g, '\\.')).join('|')})$/`;
const commandIdMessage = 'Use CommandIds (src/extension/commandIds.ts), the one place a command id is written.';
const noCommandIdLiterals = ['error',
  { selector: `Literal[value=${commandIdPattern}]`, message: commandIdMessage },
  { selector: `TemplateElement[value.cooked=${commandIdPattern}]`, message: commandIdMessage },
];

const vscodeFree = {
  patterns: [{ group: ['vscode/*'], message: 'src/core, src/cli and src/sandbox run under plain Node: never import vscode here.' }],
  paths: [{ name: 'vscode', message: 'src/core, src/cli and src/sandbox run under plain Node: never import vscode here.' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'out/**', 'node_modules/**', '.vscode-test/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's test()/describe() return promises that the runner itself tracks.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-restricted-syntax': noCommandIdLiterals,
    },
  },
  {
    files: ['src/extension/commandIds.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts', 'src/sandbox/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', vscodeFree],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        ...vscodeFree,
        patterns: [...vscodeFree.patterns, { group: ['**/core', '**/core/**'], message: 'The sandbox never imports src/core, so tests never confirm the client with its own code.' }],
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', exports: 'writable', window: 'readonly', document: 'readonly' },
    },
    rules: { 'no-restricted-syntax': noCommandIdLiterals },
  },
  {
    // CommonJS files (a preload given to node with --require) load their modules with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
