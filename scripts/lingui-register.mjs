// Lets Node scripts run under tsx import app modules that use Lingui's macros (issue 35): the benchmarks and
// the soak run build sales with the register's own code. A macro is compiled away by Babel in Vite and
// Vitest; here a module hook does the same, after tsx has turned the TypeScript into JavaScript, and only
// for modules that import a macro. Use: `tsx --import ./scripts/lingui-register.mjs file.ts`.
import { register } from 'node:module';

register('./lingui-macro-hooks.mjs', import.meta.url);
