// The local stack's fixed contract (DESIGN §3): port, JWT secret and the Supabase CLI's well-known demo keys.
// These values are public on purpose; they only ever protect a developer's own machine. The project's settings
// (port, site URL, redirects, token lifetimes, email confirmation, functions' verify_jwt) come from
// supabase/config.toml, as the Supabase CLI reads them.
import { projectConfig } from './project-config';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** HS256 over {"iss":"supabase-demo","role":"anon","exp":1983812996} with JWT_SECRET. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** HS256 over {"iss":"supabase-demo","role":"service_role","exp":1983812996} with JWT_SECRET. */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEFAULT_PORT = projectConfig().port;
export const DEFAULT_SITE_URL = projectConfig().siteUrl;

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_USERS = [
  { email: 'owner@demo.test', role: 'owner' },
  { email: 'manager@demo.test', role: 'manager' },
  { email: 'cashier@demo.test', role: 'cashier' },
] as const;

export interface StackConfig {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  /** Host to bind; 127.0.0.1 keeps the stack off the network. */
  hostname: string;
  /** Where the browser app lives: the default redirect target and an allowed redirect prefix. */
  siteUrl: string;
  /** Other URLs (prefixes) that auth may redirect to. */
  additionalRedirectUrls: string[];
  /** Seconds an access token lives (GoTrue's jwt_expiry). */
  jwtExpirySeconds: number;
  /** Seconds a revoked refresh token may still be presented (hosted/CLI default 10). */
  refreshTokenReuseIntervalSeconds: number;
  /**
   * GoTrue's mailer_autoconfirm. On (the default, DESIGN §3, as `enable_confirmations = false` in the CLI):
   * sign-ups are confirmed at once and answered with a session. Off (a hosted project's "Confirm email"): a
   * sign-up gets a confirmation link by mail and no session until it is followed.
   */
  mailerAutoconfirm: boolean;
  /**
   * GoTrue's `security.update_password_require_current_password` (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD,
   * the dashboard's "Require current password when updating"). Off in GoTrue by default; on here, as a
   * Tillpoint project is set up ([ACCOUNT-2], docs/shared-till.md): PUT /user with a new password and no or a wrong
   * `current_password` is refused, except from a recovery link's session.
   */
  updatePasswordRequireCurrentPassword: boolean;
  /** Each Edge Function's verify_jwt (supabase/config.toml); a function not named there verifies. */
  functionsVerifyJwt: Record<string, boolean>;
}

export function defaultConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const project = projectConfig();
  return {
    port: project.port,
    hostname: '127.0.0.1',
    siteUrl: project.siteUrl,
    additionalRedirectUrls: project.additionalRedirectUrls,
    jwtExpirySeconds: project.jwtExpirySeconds,
    refreshTokenReuseIntervalSeconds: project.refreshTokenReuseIntervalSeconds,
    mailerAutoconfirm: project.mailerAutoconfirm,
    // No config.toml key: a hosted project turns on "Require current password when updating" (docs/supabase.md).
    updatePasswordRequireCurrentPassword: true,
    functionsVerifyJwt: project.functionsVerifyJwt,
    ...overrides,
  };
}

/**
 * The local stack's stand-in for a Stripe account (supabase/local/stripe): the secret key the fake accepts and
 * the secret it signs webhooks with. They are handed to the card-payments function as its secrets.
 */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_tillpoint_local_stack',
  webhookSecret: 'whsec_tillpoint_local_stack',
  /** Where the fake delivers its webhook events, under the stack's URL. */
  webhookPath: '/functions/v1/card-payments/webhook',
} as const;
