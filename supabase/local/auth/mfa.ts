// TOTP factors (mfa.go, §A4): enrol, challenge, verify, unenroll. Codes are RFC 6238 (SHA1, 6 digits, 30 s,
// ±1 step) checked against ctx.now(). A challenge lives 300 s and must be verified from the IP that asked
// for it. Verifying raises the session to aal2, adds `totp` to its amr and rotates its refresh token so a
// token issued before MFA cannot mint aal2 access tokens.
import type { Context, Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { StackContext } from '../context';
import { notFound, unprocessable, validationFailed } from './errors';
import { authenticate } from './guard';
import type { Caller } from './guard';
import { clientIp, optionalString, readJson } from './request';
import { rotateSessionToken } from './refresh-tokens';
import { addAmrClaim, isoNow, sessionResponse } from './sessions';
import { factorsOf } from './users';
import type { FactorRow } from './users';
import { totpQrCodeSvg } from './totp-qr';

const CHALLENGE_TTL_SECONDS = 300;
const MAX_FACTORS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const EnrollBody = z.object({
  factor_type: optionalString,
  friendly_name: optionalString,
  issuer: optionalString,
});
const VerifyBody = z.object({ challenge_id: optionalString, code: optionalString });

const totpFor = (issuer: string, label: string, secret: Secret) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret });

export function mfaRoutes(app: Hono, ctx: StackContext): void {
  app.post('/factors', async (c) => {
    const caller = await authenticate(c, ctx);
    const body = await readJson(c, EnrollBody);
    if (body.factor_type !== 'totp')
      throw validationFailed('factor_type needs to be totp (the local stack offers TOTP only)');
    const factors = await factorsOf(ctx.db, caller.user.id);
    if (factors.some((f) => f.status === 'verified') && caller.session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (factors.length >= MAX_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    const friendlyName = body.friendly_name ?? '';
    if (friendlyName !== '' && factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    const issuer = body.issuer ?? new URL(ctx.config.siteUrl).hostname;
    const secret = new Secret({ size: 20 });
    const uri = totpFor(issuer, caller.user.email ?? '', secret).toString();
    const id = crypto.randomUUID();
    const now = isoNow(ctx);
    await ctx.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       values ($1, $2, $3, 'totp', 'unverified', $4, $5, $5)`,
      [id, caller.user.id, friendlyName, secret.base32, now],
    );
    return c.json({
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await totpQrCodeSvg(uri), secret: secret.base32, uri },
    });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const caller = await authenticate(c, ctx);
    const factor = await ownFactor(c, ctx, caller);
    const id = crypto.randomUUID();
    const now = isoNow(ctx);
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        'insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)',
        [id, factor.id, now, clientIp(c)],
      );
      await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, now]);
    });
    return c.json({ id, type: 'totp', expires_at: Math.floor(ctx.now() / 1000) + CHALLENGE_TTL_SECONDS });
  });

  app.post('/factors/:id/verify', async (c) => {
    const caller = await authenticate(c, ctx);
    const factor = await ownFactor(c, ctx, caller);
    const body = await readJson(c, VerifyBody);
    if (!body.challenge_id || !UUID.test(body.challenge_id))
      throw validationFailed('challenge_id must be an UUID');
    const { rows } = await ctx.db.query<{
      id: string;
      created_at: Date;
      verified_at: Date | null;
      ip_address: string;
    }>(
      'select id, created_at, verified_at, ip_address from auth.mfa_challenges where id = $1 and factor_id = $2',
      [body.challenge_id, factor.id],
    );
    const challenge = rows[0];
    if (!challenge)
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (
      challenge.verified_at !== null ||
      ctx.now() > challenge.created_at.getTime() + CHALLENGE_TTL_SECONDS * 1000
    ) {
      await ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (challenge.ip_address !== clientIp(c)) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');
    }
    const totp = totpFor('', '', Secret.fromBase32(factor.secret ?? ''));
    if (totp.validate({ token: body.code ?? '', timestamp: ctx.now(), window: 1 }) === null) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    const session = await ctx.db.transaction(async (tx) => {
      const now = isoNow(ctx);
      await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [challenge.id, now]);
      await tx.query("update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1", [
        factor.id,
        now,
      ]);
      await tx.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1", [
        caller.session.id,
        factor.id,
        now,
      ]);
      await addAmrClaim(tx, caller.session.id, 'totp', now);
      const refreshToken = await rotateSessionToken(tx, ctx, {
        id: caller.session.id,
        userId: caller.user.id,
      });
      return sessionResponse(tx, ctx, { sessionId: caller.session.id, userId: caller.user.id, refreshToken });
    });
    return c.json(session);
  });

  app.delete('/factors/:id', async (c) => {
    const caller = await authenticate(c, ctx);
    const factor = await ownFactor(c, ctx, caller);
    if (factor.status === 'verified' && caller.session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // Sessions that reached aal2 with this factor fall back to aal1 (GoTrue's UpdateAALAndAssociatedFactor).
      await tx.query(
        "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = $2 where factor_id = $1",
        [factor.id, isoNow(ctx)],
      );
    });
    return c.json({ id: factor.id });
  });
}

/** The caller's own factor named in the path; someone else's is "not found", as in GoTrue. */
async function ownFactor(c: Context, ctx: StackContext, caller: Caller): Promise<FactorRow> {
  const id = c.req.param('id') ?? '';
  const factors = UUID.test(id) ? await factorsOf(ctx.db, caller.user.id) : [];
  const factor = factors.find((f) => f.id === id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}
