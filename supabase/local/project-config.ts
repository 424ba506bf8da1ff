// What the local stack reads from supabase/config.toml (issue 34), the file the Supabase CLI keeps for a
// project: the API port, auth's site URL, redirect URLs, token lifetimes and email confirmation, and each Edge
// Function's verify_jwt. So the stack a developer runs and the project a shop deploys are set up from one
// place. Keys the stack has no use for are left alone; a value of the wrong type is an error naming the key.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { z } from 'zod';

export const PROJECT_CONFIG_FILE = fileURLToPath(new URL('../config.toml', import.meta.url));

const projectToml = z.object({
  api: z.object({ port: z.number().int().min(1).max(65535) }),
  auth: z.object({
    site_url: z.url(),
    additional_redirect_urls: z.array(z.url()).default([]),
    jwt_expiry: z.number().int().positive(),
    refresh_token_reuse_interval: z.number().int().nonnegative(),
    email: z.object({ enable_confirmations: z.boolean() }),
  }),
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().default(true) })).default({}),
});

export interface ProjectConfig {
  port: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  /** GoTrue's mailer_autoconfirm: the CLI's `enable_confirmations = false`. */
  mailerAutoconfirm: boolean;
  /** Functions named in the file with their verify_jwt; a function not named verifies, as on the platform. */
  functionsVerifyJwt: Record<string, boolean>;
}

export function parseProjectConfig(text: string, source = 'supabase/config.toml'): ProjectConfig {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new Error(
      `${source} is not valid TOML: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const read = projectToml.safeParse(raw);
  if (!read.success) {
    const issue = read.error.issues[0];
    throw new Error(`${source}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unreadable'}`);
  }
  const { api, auth, functions } = read.data;
  return {
    port: api.port,
    siteUrl: auth.site_url,
    additionalRedirectUrls: auth.additional_redirect_urls,
    jwtExpirySeconds: auth.jwt_expiry,
    refreshTokenReuseIntervalSeconds: auth.refresh_token_reuse_interval,
    mailerAutoconfirm: !auth.email.enable_confirmations,
    functionsVerifyJwt: Object.fromEntries(
      Object.entries(functions).map(([name, settings]) => [name, settings.verify_jwt]),
    ),
  };
}

let cached: ProjectConfig | null = null;

/** supabase/config.toml, read once. */
export function projectConfig(): ProjectConfig {
  cached ??= parseProjectConfig(readFileSync(PROJECT_CONFIG_FILE, 'utf8'));
  return cached;
}
