// supabase/config.toml (issue 34): the project's settings as the Supabase CLI keeps them, and the local stack's
// defaults read from it, so `npm start` and a deployed project are set up from one place.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultConfig } from './config';
import { FUNCTIONS_DIR } from './functions/runtime';
import { PROJECT_CONFIG_FILE, parseProjectConfig, projectConfig } from './project-config';

describe('supabase/config.toml', () => {
  test('the local stack runs with its settings: port, site URL, redirects, tokens, email confirmation', () => {
    const config = defaultConfig();
    expect(config).toMatchObject({
      port: 54321,
      siteUrl: 'http://localhost:4173',
      jwtExpirySeconds: 3600,
      refreshTokenReuseIntervalSeconds: 10,
      mailerAutoconfirm: true,
    });
    expect(config.additionalRedirectUrls).toContain('http://localhost:5173');
  });

  test('every Edge Function says whether the platform verifies its caller’s JWT', () => {
    const functions = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(projectConfig().functionsVerifyJwt).sort()).toEqual(functions);
    // Stripe's webhooks carry a signature, not a JWT.
    expect(projectConfig().functionsVerifyJwt['card-payments']).toBe(false);
  });

  test('a value of the wrong kind is named, and a file that is not TOML says so', () => {
    const text = readFileSync(PROJECT_CONFIG_FILE, 'utf8');
    expect(() => parseProjectConfig(text.replace('port = 54321', 'port = "54321"'))).toThrow(
      /supabase\/config\.toml: api\.port: /,
    );
    expect(() =>
      parseProjectConfig(text.replace('enable_confirmations = false', 'enable_confirmations = no')),
    ).toThrow(/not valid TOML/);
    expect(
      parseProjectConfig(text.replace('enable_confirmations = false', 'enable_confirmations = true')),
    ).toMatchObject({ mailerAutoconfirm: false });
  });
});
