// The till's printer (issue 19) as the shifts and sales screens ask for it: the printing feature's
// TillPrinter joined with what only the route knows — the shop's name and currency, its time zone, and the
// register's receipt document of a sale in this device's ledger. Here so the joins are tested as the app
// builds them (tests/integration/screen-printing.dom.test.tsx).
import { t } from '@lingui/core/macro';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorDb } from '../../data/local/mirror-db';
import { saleForReceipt } from '../../data/local/sale-history';
import { terminalFor } from '../../data/local/terminal';
import type { Membership } from '../../data/remote/memberships';
import type { TaxMode } from '../../domain/tax';
import type { TillPrinter } from '../../features/printing/till-printer';
import { receiptDocOf } from '../../features/register/receipt/receipt-doc';
import type { SalePrinter } from '../../features/sales/sales-deps';
import type { ShiftPrinter } from '../../features/shifts/shifts-deps';
import { formatWhen } from '../../lib/format-when';
import { shopI18n, shopIntlLocale } from '../../lib/i18n/shop-i18n';
import { reportHeading } from '../../domain/shift-report-sections';

type ShopFacts = Pick<Membership, 'companyName' | 'currency'>;

export function shiftPrinterOf(printer: TillPrinter, shop: ShopFacts): ShiftPrinter {
  return {
    isSet: printer.isSet,
    // Paper speaks the shop's language (issue 35); the screen showed the same report in the person's.
    printReport: (print) => {
      const { details, note } = print.words(shopI18n, shopIntlLocale());
      const heading = reportHeading(print.kind, shopI18n);
      return printer.printShiftReport(
        { heading, details, note, report: print.report, shopName: shop.companyName },
        { currency: shop.currency },
      );
    },
  };
}

export function salePrinterOf(
  printer: TillPrinter,
  sources: { ledger: LedgerDb; mirror: MirrorDb },
  shop: Pick<Membership, 'currency' | 'timeZone'> & { taxMode: TaxMode },
): SalePrinter {
  return {
    isSet: printer.isSet,
    printCopy: async (saleId) => {
      const record = await saleForReceipt(sources.ledger, sources.mirror, saleId);
      // A sale in this device's ledger was made on this device's till of its company.
      const terminal = record ? await terminalFor(sources.ledger, record.sale.company_id) : undefined;
      if (!record || !terminal) return { ok: false, message: t`This sale is not on this device.` };
      const look = {
        currency: shop.currency,
        taxMode: shop.taxMode,
        // Paper is dated the way the shop's language writes dates (issue 35).
        when: (iso: string) => formatWhen(iso, shop.timeZone, 'dateTime', shopIntlLocale()),
      };
      return printer.printReceipt(receiptDocOf(record, terminal), look, {
        afterSale: false,
        cash: false,
        gesture: true,
        copy: true,
      });
    },
  };
}
