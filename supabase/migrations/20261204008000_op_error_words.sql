-- [AUDIT-1] An op's answer says a data error in words (issue 33, supabase/SPEC.md §23). Before this,
-- private.apply_op answered a value the database could not read with Postgres's own text ('date/time field
-- value out of range: "2026-02-30T10:00:00Z"'), which names types and internals and reads like a crash at
-- the till. These are the sentences of [INPUT-4] (supabase/functions/_shared/sql-errors.ts,
-- src/data/remote/server-error-words.ts), chosen by SQLSTATE; a 22P02's message is read only to tell which
-- type it could not read. This file holds the rule alone (a pure function, so
-- tests/integration/op-error-words-agree.test.ts runs it beside sql-errors.ts); 20261204008100 uses it.

-- No SET clause so the planner may inline it; every name is schema-qualified.
create function private.data_error_words(p_state text, p_message text) returns text
language sql immutable as $$
  select case
    when p_state = '22P02' then case
      when p_message ~* 'type uuid' then 'An id is not a valid id.'
      when p_message ~* 'type (bigint|integer|smallint|numeric|real|double)'
        then 'A number is not a whole number the server reads.'
      when p_message ~* 'type (date|time|timestamp)' then 'A date or time is not in a form the server reads.'
      when p_message ~* 'type json' then 'A value is not valid JSON.'
      else 'A value is not in the form the server expects.' end
    when p_state = '22001' then 'A text is longer than the server allows.'
    when p_state = '22003' then 'A number is too large or too small.'
    when p_state in ('22004', '23502') then 'A required value is missing.'
    when p_state in ('22007', '22008') then 'A date or time is not in a form the server reads.'
    when p_state in ('22012', '22023', '23514') then 'A value is not allowed here.'
    when p_state in ('22021', '22P05') then 'A text holds a character the server cannot store.'
  end
$$;
comment on function private.data_error_words(text, text) is
  '[AUDIT-1] The sentence for a Postgres data error by SQLSTATE ([INPUT-4]''s words), or null for any other.';
