// Lint is where the dependency direction of DESIGN §2 is enforced:
// app → routes → features → (domain, data), data → domain; ui and domain import nothing app-specific;
// features never import each other; data/sync never imports data/remote (the adapter imports the port);
// data/local (the ledger) never imports data/ops (the operations written on it);
// the local stack never imports from src/.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import pluginLingui from 'eslint-plugin-lingui';

// Words a person reads come from the message catalogues (issue 35): anywhere in the app, text written straight
// into JSX — between tags, in a string child, or in an attribute a person reads or hears — fails lint; wrap it
// in <Trans> or t``.
const translatedFiles = ['src/**/*.tsx'];
const wordsInJsx = '/[A-Za-z]{2}/';
const readAttributes =
  '/^(aria-label|aria-description|title|placeholder|alt|label|description|errorMessage)$/';
const insideTrans = "JSXElement[openingElement.name.name='Trans']";
const untranslatedJsx = [
  {
    selector: `JSXText[value=${wordsInJsx}]:not(${insideTrans} JSXText)`,
    message: 'Words on screen come from the catalogue: wrap them in <Trans> (issue 35).',
  },
  {
    selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=${wordsInJsx}]:not(${insideTrans} Literal)`,
    message: 'Words on screen come from the catalogue: use <Trans> or t`…` (issue 35).',
  },
  {
    // A child of an element only: a class list, an address or a key built from a template is no words.
    selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral[quasis.0.value.raw=${wordsInJsx}]`,
    message: 'Words on screen come from the catalogue: use <Trans> or t`…` (issue 35).',
  },
  {
    selector: `JSXAttribute[name.name=${readAttributes}] :matches(JSXAttribute > Literal, JSXExpressionContainer > Literal, JSXExpressionContainer > TemplateLiteral, ConditionalExpression > Literal, LogicalExpression > Literal)[value=${wordsInJsx}], JSXAttribute[name.name=${readAttributes}] :matches(JSXExpressionContainer, ConditionalExpression) > TemplateLiteral[quasis.0.value.raw=${wordsInJsx}]`,
    message: 'A label a person reads or hears comes from the catalogue: use t`…` (issue 35).',
  },
];

const layers = ['app', 'routes', 'features', 'domain', 'data', 'ui', 'lib'];
const allowedImports = {
  app: ['app', 'routes', 'features', 'domain', 'data', 'ui', 'lib'],
  routes: ['routes', 'features', 'domain', 'data', 'ui', 'lib'],
  features: ['features', 'domain', 'data', 'ui', 'lib'],
  data: ['data', 'domain', 'lib'],
  domain: ['domain'],
  ui: ['ui', 'lib'],
  lib: ['lib'],
};

const layerZones = Object.entries(allowedImports).flatMap(([layer, allowed]) =>
  layers
    .filter((other) => !allowed.includes(other))
    .map((other) => ({
      target: `./src/${layer}`,
      from: `./src/${other}`,
      message: `src/${layer} may not import from src/${other} (DESIGN §2 dependency direction).`,
    })),
);

const featuresDir = new URL('./src/features', import.meta.url);
const features = (existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }) : [])
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features never import each other; move shared code to domain, data, ui or lib.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      '.data',
      'coverage',
      'test-results',
      'playwright-report',
      '.bench-dist',
      'src/routeTree.gen.ts',
      'supabase/functions/send-receipt/mail-messages.gen.ts',
      'supabase/functions/send-purchase-order/mail-messages.gen.ts',
      'src/data/remote/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...featureZones,
            {
              target: './src/data/sync',
              from: './src/data/remote',
              message:
                'data/sync reaches the server through its port (data/sync/remote-port.ts); data/remote implements it, so the arrow runs one way. Compose them in src/main.tsx.',
            },
            {
              target: './supabase/local',
              from: './src',
              message: 'The local stack never imports from src/.',
            },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie', '@supabase/*', '@tanstack/*'],
              message: 'domain/ is pure: no React, Dexie or I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of ledger reads may set their data up with the real commands; the ledger itself may not.
    files: ['src/data/local/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../ops/*'],
              message:
                'data/ops builds on the ledger (data/local): an op module writes ledger rows, the ledger knows nothing of ops.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ...pluginLingui.configs['flat/recommended'],
  },
  {
    files: translatedFiles,
    // Tests render their own fixtures' words; they are not screens.
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...untranslatedJsx] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
);
