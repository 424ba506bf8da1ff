-- [INPUT-1]…[INPUT-3] Names the server refuses or cleans (issue 33, supabase/SPEC.md §18). A name is shown on
-- screens, receipts and reports, so it must read as what it is: trimmed, normalised to NFC, without control
-- or invisible characters, and without the bidirectional overrides and isolates that make "gpj.exe" read as
-- "exe.jpg". Names typed in the back office (staff, products, customers) are refused in words when nothing
-- visible is left or they carry an override; names inside a sale are cleaned the same way and never refuse
-- the sale (its money was taken). src/domain/name-text.ts applies the same rules in the forms, so the person
-- reads the sentence before anything is sent. This file holds the rules alone (pure functions, so
-- tests/integration/name-agree.test.ts runs them beside the till's); 20261204003210_clean_name_triggers.sql
-- applies them to the tables.

-- [INPUT-1] A name cleaned: NFC; tabs and line breaks become spaces; control characters (C0, C1), soft
-- hyphens, zero-width spaces, direction marks, embeddings, overrides and isolates, word joiners, invisible
-- operators and byte-order marks removed; every run of spaces one space; trimmed. Printable ASCII with single
-- spaces is already clean and returned as it is, which is nearly every name and costs one regex.
create function private.clean_name(p_name text) returns text
language sql immutable parallel safe as $$
  select case
    when p_name is null or p_name ~ '^[!-~]+( [!-~]+)*$' then p_name
    else pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.regexp_replace(normalize(p_name, NFC),
      '[\u0001-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]',
      '', 'g'),
      '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'))
  end
$$;

-- [INPUT-1] A cleaned name with nothing a person can see (spaces, joiners, variation selectors, fillers).
create function private.is_blank_name(p_clean text) returns boolean
language sql immutable parallel safe as $$
  select p_clean is null
      or pg_catalog.regexp_replace(p_clean, '[ \u034F\u115F\u1160\u200C\u200D\u3164\uFE00-\uFE0F\uFFA0]', '', 'g') = ''
$$;

-- [INPUT-1] Overrides and isolates: the characters that reorder what follows them.
create function private.has_bidi_override(p_name text) returns boolean
language sql immutable parallel safe as $$
  select p_name ~ '[\u202A-\u202E\u2066-\u2069]'
$$;

-- [INPUT-2] A typed name, cleaned, or refused `invalid_name` with a sentence naming what it is (`p_what`).
create function private.checked_name(p_name text, p_what text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v_clean text := private.clean_name(p_name);
begin
  if p_name is null then return null; end if;
  if private.has_bidi_override(p_name) then
    perform private.reject('invalid_name', p_what || ' cannot carry hidden characters that reverse the text: '
                                           || 'type it again without them');
  end if;
  if private.is_blank_name(v_clean) then
    perform private.reject('invalid_name', p_what || ' cannot be blank: type letters or digits');
  end if;
  return v_clean;
end
$$;

-- [INPUT-3] A name inside a sale (or an op), cleaned and never refused: overrides removed, and a name with
-- nothing visible left takes `p_fallback`.
create function private.lenient_name(p_name text, p_fallback text) returns text
language sql immutable parallel safe as $$
  select case when private.is_blank_name(private.clean_name(p_name)) then p_fallback
              else private.clean_name(p_name) end
$$;
