// The four-size walk (`npm run walk`, tests/walk): the browser tests' servers and browser, its own folder.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testDir: 'tests/walk', testMatch: '**/*.spec.ts' });
