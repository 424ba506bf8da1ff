-- pull_changes turns off sorts, bitmap and sequential scans so that every page is read down the pull index
-- (20261121000600). On PostgreSQL those settings price the plan in the billions, which crosses
-- jit_above_cost, so each call compiled its plan with LLVM first: 100–300 ms for a page of nothing, paid once
-- per table (36 of them) on every sync of every till. The plan is a handful of index probes, for which JIT
-- never pays; apply_ops and its helpers already run with jit off for the same reason. PGlite has no JIT, which
-- is why only the PostgreSQL run was slow.
alter function public.pull_changes(text, jsonb, int) set jit = off;
