// Lingui's macros (`t`, `<Trans>`, `msg`, `plural`) are compiled away by Babel: they become `i18n._(id)` calls
// with the English kept beside the id outside production builds. Vite 8's React plugin no longer runs Babel, so
// this runs it — only on the files that import a macro; every other file skips Babel entirely.
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

const linguiMacroPreset = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

export function linguiMacros() {
  return babel({ presets: [linguiMacroPreset] });
}
