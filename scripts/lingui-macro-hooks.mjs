// The module hook scripts/lingui-register.mjs installs: Lingui's Babel macro over each app module that
// imports one, on the JavaScript tsx's own hook has already produced.
import { transformAsync } from '@babel/core';

const MACRO = /@lingui\/(core|react)\/macro/;

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || loaded.source == null) return loaded;
  const source = String(loaded.source);
  if (!MACRO.test(source)) return loaded;
  const result = await transformAsync(source, {
    filename: new URL(url).pathname,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    parserOpts: { plugins: ['jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
  return { ...loaded, source: result?.code ?? source };
}
