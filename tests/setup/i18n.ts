// Every test speaks English: the source messages compiled into the code (kept outside production builds) are
// the English catalogue, so activating 'en' with no loaded messages shows exactly what the code says.
import { i18n } from '@lingui/core';
import { wantCatalogue } from '../../src/lib/i18n/catalog-bundles';
import { shopI18n } from '../../src/lib/i18n/shop-i18n';

i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });

// The shop's documents (receipts, reports) speak English in tests too.
shopI18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });

// Screens render here without the router, which loads the app's catalogue bundle (the counter's and the back
// office's words) before any of them: a test that switches language gets that bundle too.
void wantCatalogue('app');
