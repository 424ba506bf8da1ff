-- Passkeys (WebAuthn security keys) of managers and owners, part 1: the keys (issue 33, supabase/SPEC.md
-- "Passkey approvals" [PASSKEY-1]…[PASSKEY-4]; the contract with the till: the notes' passkeys.md, src/domain/
-- passkey.ts). A manager or owner registers a key for themself (register_staff_passkey); the server checks
-- what it can of the registration (client data, authenticator data, that the key is a P-256 SPKI) and keeps
-- the key in private.staff_passkeys. Its live keys are projected onto public.staff.passkeys, which every
-- member reads and pull_changes('staff') carries to tills: a public key is public, and a till checks an
-- approval offline against it. Approvals signed with these keys: 20261205000200_passkey_approvals.sql.

-- ---------------------------------------------------------------------------------------------------------
-- base64url (RFC 4648 §5, no padding): how every binary value of a passkey travels
-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-1] Bytes from base64url without padding, or null when the text is not that (PL/pgSQL so a text
-- decode() refuses answers null instead of failing the op).
create function private.b64url_decode(p text) returns bytea
language plpgsql immutable set search_path = '' as $$
begin
  if p is null or p !~ '^[A-Za-z0-9_-]*$' or pg_catalog.length(p) % 4 = 1 then return null; end if;
  return pg_catalog.decode(pg_catalog.translate(p, '-_', '+/')
                           || pg_catalog.repeat('=', (4 - pg_catalog.length(p) % 4) % 4), 'base64');
exception when others then
  return null;
end
$$;

-- [PASSKEY-1] base64url without padding (encode() breaks its base64 into lines of 76: the breaks go too).
create function private.b64url_encode(p bytea) returns text
language sql immutable as $$
  select pg_catalog.translate(pg_catalog.encode(p, 'base64'), E'+/=\n', '-_')
$$;

-- SHA-256 of a text's UTF-8 bytes.
create function private.sha256_text(p text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest(pg_catalog.convert_to(p, 'UTF8'), 'sha256')
$$;

-- A base64url JSON object (a WebAuthn clientDataJSON), or null when it is not one.
create function private.b64url_json(p text) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb;
begin
  v := pg_catalog.convert_from(private.b64url_decode(p), 'UTF8')::jsonb;
  return case when pg_catalog.jsonb_typeof(v) = 'object' then v end;
exception when others then
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-1] The keys
-- ---------------------------------------------------------------------------------------------------------
create table private.staff_passkeys (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  staff_id uuid not null,
  credential_id text not null
    check (credential_id ~ '^[A-Za-z0-9_-]+$' and pg_catalog.length(credential_id) between 22 and 340),
  public_key text not null check (pg_catalog.length(public_key) = 122),
  rp_id text not null check (rp_id ~ '^[a-z0-9.-]{1,253}$'),
  name text not null check (private.is_name(name, 60)),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  removed_at timestamptz,
  removed_by uuid references auth.users (id) on delete set null,
  foreign key (company_id, staff_id) references public.staff (company_id, id)
);
comment on table private.staff_passkeys is
  'Passkeys (ES256 public keys as SPKI, base64url) of managers and owners; the live ones are projected onto '
  'public.staff.passkeys (PASSKEY-1).';
-- [PASSKEY-2] A credential is registered once in a shop while it is live.
create unique index staff_passkeys_credential_key on private.staff_passkeys (company_id, credential_id)
  where removed_at is null;
create index staff_passkeys_staff_idx on private.staff_passkeys (company_id, staff_id);
revoke all on private.staff_passkeys from public, anon, authenticated;

-- [PASSKEY-1] Every member reads the live keys with the staff rows; pull_changes('staff') carries them.
alter table public.staff add column passkeys jsonb not null default '[]'
  check (pg_catalog.jsonb_typeof(passkeys) = 'array');
grant select (passkeys) on public.staff to authenticated;

-- [PASSKEY-1] One person's live keys, as staff.passkeys holds them.
create function private.staff_passkeys_json(p_company uuid, p_staff uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', k.id, 'credential_id', k.credential_id, 'public_key', k.public_key, 'rp_id', k.rp_id,
           'name', k.name, 'created_at', k.created_at) order by k.created_at, k.id), '[]')
  from private.staff_passkeys k
  where k.company_id = p_company and k.staff_id = p_staff and k.removed_at is null
$$;

-- [PASSKEY-1] The projection follows every change of a key; the staff row's txid trigger moves its pull
-- cursor, so tills pull the row again.
create function private.project_staff_passkeys() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.staff s set passkeys = private.staff_passkeys_json(new.company_id, new.staff_id)
  where s.company_id = new.company_id and s.id = new.staff_id;
  return null;
end
$$;
create trigger staff_passkeys_project after insert or update on private.staff_passkeys
  for each row execute function private.project_staff_passkeys();

-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-2] Registration
-- ---------------------------------------------------------------------------------------------------------
-- The fixed start of a P-256 public key's SPKI (SEQUENCE, id-ecPublicKey, prime256v1, BIT STRING of 66 bytes),
-- followed by the uncompressed point 04‖X‖Y.
create function private.p256_spki_prefix() returns bytea
language sql immutable as $$
  select '\x3059301306072a8648ce3d020106082a8648ce3d030107034200'::bytea
$$;

-- The rp id a browser used: the host of clientData.origin (http(s), no user info), lower-cased; else null.
create function private.origin_host(p_origin text) returns text
language sql immutable as $$
  select pg_catalog.lower((pg_catalog.regexp_match(p_origin, '^https?://([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?/?$'))[1])
$$;

create function private.passkey_invalid(p_what text) returns void
language plpgsql set search_path = '' as $$
begin
  perform private.reject('passkey_invalid', 'The security key could not be added: ' || p_what);
end
$$;

-- [PASSKEY-2] register_staff_passkey: a manager or owner adds a key for themself, one per call.
create function public.register_staff_passkey(p_company_id uuid, p_staff_id uuid, p_credential_id text,
                                              p_public_key text, p_client_data_json text,
                                              p_authenticator_data text, p_name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_staff public.staff;
  v_name text := private.clean_name(p_name);
  v_credential bytea;
  v_key bytea;
  v_client jsonb;
  v_auth bytea;
  v_rp text;
  v_row private.staff_passkeys;
begin
  perform private.require_role(p_company_id, 'manager');
  -- Locks the person's row: two registrations at once cannot both slip under the limit.
  select * into v_staff from public.staff s
  where s.company_id = p_company_id and s.id = p_staff_id and s.deleted_at is null for update;
  if not found or v_staff.user_id is distinct from auth.uid() then
    perform private.reject('not_your_staff', 'A security key can only be added by its owner, on their own row');
  end if;
  if v_name is null or private.is_blank_name(v_name) or pg_catalog.char_length(v_name) > 60
     or private.has_bidi_override(p_name) then
    perform private.reject('invalid_args', 'Give the security key a name of 1 to 60 characters');
  end if;
  if pg_catalog.length(p_credential_id) > 2048 or pg_catalog.length(p_public_key) > 2048
     or pg_catalog.length(p_client_data_json) > 2048 or pg_catalog.length(p_authenticator_data) > 2048
     or p_credential_id is null or p_public_key is null or p_client_data_json is null
     or p_authenticator_data is null then
    perform private.reject('invalid_args', 'The security key''s answer is missing or too long');
  end if;
  v_credential := private.b64url_decode(p_credential_id);
  if v_credential is null or pg_catalog.length(v_credential) not between 16 and 255 then
    perform private.passkey_invalid('its id is not 16 to 255 bytes of base64url');
  end if;
  v_key := private.b64url_decode(p_public_key);
  if v_key is null or pg_catalog.length(v_key) <> 91
     or pg_catalog.substr(v_key, 1, 26) <> private.p256_spki_prefix() or pg_catalog.get_byte(v_key, 26) <> 4 then
    perform private.passkey_invalid('its public key is not a P-256 (ES256) key');
  end if;
  v_client := private.b64url_json(p_client_data_json);
  if v_client is null then perform private.passkey_invalid('its client data is not readable'); end if;
  if v_client ->> 'type' is distinct from 'webauthn.create' then
    perform private.passkey_invalid('its client data is not a registration (webauthn.create)');
  end if;
  if v_client ->> 'challenge' is distinct from private.b64url_encode(private.sha256_text(
       'tillpoint:passkey:v1:' || p_company_id::text || ':' || p_staff_id::text)) then
    perform private.passkey_invalid('its challenge is not this shop''s and person''s');
  end if;
  v_rp := private.origin_host(v_client ->> 'origin');
  if v_rp is null then perform private.passkey_invalid('its origin is not a web address'); end if;
  v_auth := private.b64url_decode(p_authenticator_data);
  if v_auth is null or pg_catalog.length(v_auth) < 37 then
    perform private.passkey_invalid('its authenticator data is too short');
  end if;
  if pg_catalog.substr(v_auth, 1, 32) <> private.sha256_text(v_rp) then
    perform private.passkey_invalid('its authenticator data is not for ' || v_rp);
  end if;
  if pg_catalog.get_byte(v_auth, 32) & 1 = 0 then
    perform private.passkey_invalid('the key did not see a person touch it');
  end if;
  if exists (select 1 from private.staff_passkeys k
             where k.company_id = p_company_id and k.credential_id = private.b64url_encode(v_credential)
               and k.removed_at is null) then
    perform private.reject('passkey_exists', 'This security key is already registered in this shop');
  end if;
  if (select count(*) from private.staff_passkeys k
      where k.company_id = p_company_id and k.staff_id = p_staff_id and k.removed_at is null) >= 10 then
    perform private.reject('too_many_passkeys', v_staff.name || ' already has 10 security keys: remove one first');
  end if;
  insert into private.staff_passkeys (company_id, staff_id, credential_id, public_key, rp_id, name, created_by)
  values (p_company_id, p_staff_id, private.b64url_encode(v_credential), private.b64url_encode(v_key), v_rp, v_name,
          auth.uid())
  returning * into v_row;
  return pg_catalog.jsonb_build_object('id', v_row.id, 'credential_id', v_row.credential_id,
    'public_key', v_row.public_key, 'rp_id', v_row.rp_id, 'name', v_row.name, 'created_at', v_row.created_at);
end
$$;

-- [PASSKEY-3] remove_staff_passkey: the person themself or an owner. The key verifies nothing from then on:
-- approvals of it still waiting for their check are settled bad now (private.settle_passkey_removed, part 2).
create function public.remove_staff_passkey(p_company_id uuid, p_passkey_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row private.staff_passkeys;
begin
  perform private.require_role(p_company_id, 'cashier');
  select k.* into v_row from private.staff_passkeys k
  join public.staff s on s.company_id = k.company_id and s.id = k.staff_id
  where k.company_id = p_company_id and k.id = p_passkey_id and k.removed_at is null
    and (s.user_id = auth.uid() or private.member_role(p_company_id) = 'owner')
  for update of k;
  if not found then
    perform private.reject('unknown_passkey', 'There is no such security key of yours in this shop');
  end if;
  update private.staff_passkeys k set removed_at = pg_catalog.now(), removed_by = auth.uid() where k.id = v_row.id;
end
$$;

revoke execute on function public.register_staff_passkey(uuid, uuid, text, text, text, text, text),
  public.remove_staff_passkey(uuid, uuid) from public, anon;
grant execute on function public.register_staff_passkey(uuid, uuid, text, text, text, text, text),
  public.remove_staff_passkey(uuid, uuid) to authenticated, service_role;
revoke execute on function private.b64url_decode(text), private.b64url_encode(bytea), private.sha256_text(text),
  private.b64url_json(text), private.staff_passkeys_json(uuid, uuid), private.project_staff_passkeys(),
  private.p256_spki_prefix(), private.origin_host(text), private.passkey_invalid(text)
  from public, anon, authenticated;
