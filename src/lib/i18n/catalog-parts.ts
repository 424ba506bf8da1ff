// The parts of the app that have a catalogue of their own (lingui.config.ts). A directory belongs to exactly
// one part; a message used in two parts is simply in both catalogues.
//
// The parts load in two bundles per language (P7): 'first' has what a guest's first screen (sign in, sign up,
// the home page) and the data layer's refusals can show; 'app' has the counter's and the back office's words,
// loaded with the first screen that needs them (src/lib/i18n/catalog-bundles.ts).
export type CatalogBundle = 'first' | 'app';

export const CATALOG_BUNDLES: readonly CatalogBundle[] = ['first', 'app'];

export const CATALOG_PARTS = [
  {
    name: 'common',
    bundle: 'first',
    include: ['src/ui', 'src/app', 'src/routes', 'src/lib', 'src/main.tsx'],
  },
  { name: 'data', bundle: 'first', include: ['src/data', 'src/domain'] },
  {
    name: 'counter',
    bundle: 'app',
    include: [
      'src/features/register',
      'src/features/shared-till',
      'src/features/terminal-setup',
      'src/features/customer-display',
      'src/features/printing',
      'src/features/shifts',
      'src/features/sync-status',
    ],
  },
  {
    name: 'back-office',
    bundle: 'app',
    include: [
      'src/features/dashboard',
      'src/features/products',
      'src/features/stock',
      'src/features/customers',
      'src/features/sales',
      'src/features/activity',
      'src/features/shop-settings',
      'src/features/purchase-orders',
      'src/features/transfers',
    ],
  },
  {
    name: 'welcome',
    bundle: 'first',
    include: ['src/features/auth', 'src/features/onboarding', 'src/features/public'],
  },
] as const;

/** The bundle a catalogue part (a .po file's name) loads in; null for a file that is no part. */
export function bundleOfPart(part: string): CatalogBundle | null {
  return CATALOG_PARTS.find((entry) => entry.name === part)?.bundle ?? null;
}
