// The parts of the app that have a catalogue of their own (lingui.config.ts). A directory belongs to exactly
// one part; a message used in two parts is simply in both catalogues.
export const CATALOG_PARTS = [
  { name: 'common', include: ['src/ui', 'src/app', 'src/routes', 'src/lib', 'src/main.tsx'] },
  { name: 'data', include: ['src/data', 'src/domain'] },
  {
    name: 'counter',
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
    include: [
      'src/features/dashboard',
      'src/features/products',
      'src/features/stock',
      'src/features/customers',
      'src/features/sales',
      'src/features/activity',
      'src/features/shop-settings',
    ],
  },
  { name: 'welcome', include: ['src/features/auth', 'src/features/onboarding', 'src/features/public'] },
] as const;
