// What the shifts screen needs, as ports: the ledger's command deps (open, pay in/out, close offline through
// the outbox), who is signed in and in which role, the company's settings, and the server's shift history
// (online only). The route builds them from the app's services; tests pass fakes.
import type { I18n } from '@lingui/core';
import type { CommandDeps } from '../../data/local/command-deps';
import type { AskApproval, SignCashier } from '../../domain/cashier-stamp';
import type { MemberRole } from '../../data/remote/memberships';
import type { ServerShift } from '../../data/remote/shift-history';
import type { LedgerShiftReport } from '../../domain/shift-ledger-report';
import type { PrintOutcome } from '../../ui/print-job';
import type { ShiftSettings } from './shift-settings';

export interface ShiftHistoryPort {
  list(): Promise<ServerShift[]>;
  approve(shiftId: string): Promise<void>;
  saveSettings(settings: { requireOpenShift: boolean; cashDifferenceLimit: number }): Promise<void>;
}

/**
 * A report's details and note written in a language: the screen's (the person's) or, for the till's printer,
 * the shop's (issue 35) — `locale` is the way that language writes dates and amounts.
 */
export type ShiftReportWords = (
  i18n: I18n,
  locale: string,
) => { details: readonly { label: string; value: string }[]; note: string | null };

/** An X or Z report as the screen shows it, for the till's printer (issue 19). */
export interface PrintableShiftReport {
  kind: 'X' | 'Z';
  words: ShiftReportWords;
  /** null for a past shift of another till: the server keeps only its cash figures, which are `details`. */
  report: LedgerShiftReport | null;
}

/** This device's receipt printer (issue 19), wired by the route; while none is set, reports print through the browser. */
export interface ShiftPrinter {
  isSet: () => boolean;
  printReport: (report: PrintableShiftReport) => Promise<PrintOutcome>;
}

export interface ShiftsDeps {
  commandDeps: CommandDeps;
  companyId: string;
  userId: string | null;
  role: MemberRole;
  settings: ShiftSettings;
  history: ShiftHistoryPort;
  /** A shared till (issue 18): ops signed by whoever is at the counter, and a manager's approval by PIN. */
  signCashier?: SignCashier;
  approve?: AskApproval;
  /** The staff member's name, as this device's staff list has it, for the X/Z reports' cashier line. */
  cashierName?: (staffId: string) => Promise<string | null>;
  printer?: ShiftPrinter;
}
