// PKCE flow state (GoTrue models.FlowState, pkce.go): created when a flow starts (Google sign-in, linking,
// recovery), given an auth code when the user comes back, and exchanged once, within 300 s of its creation,
// by POST /token?grant_type=pkce with the verifier whose challenge it stored. Implicit flows keep a flow
// state too (its id is the OAuth `state`), with an empty challenge.
import { createHash } from 'node:crypto';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { AuthError, badRequest, notFound, validationFailed } from './errors';
import { isoNow, startSession } from './sessions';
import type { AmrMethod, Client } from './sessions';
import type { Json } from './users';

export const FLOW_STATE_TTL_SECONDS = 300;

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: string;
  code_challenge: string;
  provider_type: string;
  redirect_to: string | null;
  authentication_method: string;
  linking_target_id: string | null;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

export const FLOW_STATE_COLUMNS = `id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, redirect_to,
  authentication_method, linking_target_id, auth_code_issued_at, created_at`;

/** GoTrue's validatePKCEParams: both or neither, a known method, a plausible challenge. */
export function pkceParams(challenge: string | undefined, method: string | undefined): Pkce | undefined {
  if (!challenge && !method) return undefined;
  if (!challenge || !method)
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') {
    throw validationFailed(`code challenge method not supported: ${method}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: normalised };
}

export async function createFlowState(
  tx: Queryable,
  ctx: StackContext,
  flow: {
    pkce: Pkce | undefined;
    providerType: string;
    authenticationMethod: AmrMethod;
    redirectTo: string;
    userId?: string;
    linkingTargetId?: string;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, code_challenge_method, code_challenge, provider_type, redirect_to,
       authentication_method, linking_target_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      id,
      flow.userId ?? null,
      flow.pkce?.method ?? '',
      flow.pkce?.challenge ?? '',
      flow.providerType,
      flow.redirectTo,
      flow.authenticationMethod,
      flow.linkingTargetId ?? null,
      isoNow(ctx),
    ],
  );
  return id;
}

/**
 * 300 s from the start of the flow, except for flows finished by an emailed link (recovery, email change):
 * their clock starts when the link is followed, since nobody reads their mail within five minutes for sure.
 */
export function isExpired(ctx: StackContext, flow: FlowStateRow): boolean {
  const start =
    flow.authentication_method !== 'oauth' && flow.auth_code_issued_at
      ? flow.auth_code_issued_at
      : flow.created_at;
  return ctx.now() > start.getTime() + FLOW_STATE_TTL_SECONDS * 1000;
}

/** Gives a flow state its one auth code, for the user who finished the flow. */
export async function issueAuthCode(
  tx: Queryable,
  ctx: StackContext,
  flowId: string,
  userId: string,
): Promise<string> {
  const code = crypto.randomUUID();
  const now = isoNow(ctx);
  await tx.query(
    'update auth.flow_state set auth_code = $2, user_id = $3, auth_code_issued_at = $4, updated_at = $4 where id = $1',
    [flowId, code, userId, now],
  );
  return code;
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** POST /token?grant_type=pkce: the single use of a flow state's auth code. */
export async function pkceGrant(
  tx: Queryable,
  ctx: StackContext,
  grant: { authCode: string; codeVerifier: string; client: Client },
): Promise<Json> {
  if (!grant.authCode || !grant.codeVerifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await tx.query<FlowStateRow>(
    `select ${FLOW_STATE_COLUMNS} from auth.flow_state where auth_code = $1 and code_challenge <> '' for update`,
    [grant.authCode],
  );
  const flow = rows[0];
  if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (isExpired(ctx, flow))
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (challengeOf(grant.codeVerifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return startSession(tx, ctx, {
    userId: flow.user_id,
    method: flow.authentication_method as AmrMethod,
    client: grant.client,
  });
}
