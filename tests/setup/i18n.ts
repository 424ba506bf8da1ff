// Every test speaks English: the source messages compiled into the code (kept outside production builds) are
// the English catalogue, so activating 'en' with no loaded messages shows exactly what the code says.
import { i18n } from '@lingui/core';
import { shopI18n } from '../../src/lib/i18n/shop-i18n';

i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });

// The shop's documents (receipts, reports) speak English in tests too.
shopI18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
