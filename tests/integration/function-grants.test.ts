// [AUDIT-5] Who may call each public function, read from the database's own catalogue after every migration
// (supabase/SPEC.md §23): anon calls only public_receipt, the service-role steps of the Edge Functions are
// nobody else's, and every function a signed-in caller may call is one the audit table reviewed — a new one
// fails here until it has its row there.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../supabase/local/db/database';
import { openDatabase, prepareDatabase } from '../../supabase/local/stack';

interface FunctionRow {
  name: string;
  definer: boolean;
  config: string | null;
  anon: boolean;
  authenticated: boolean;
}

const SERVICE_ONLY = [
  'card_payment_card',
  'card_payment_event',
  'card_payment_open',
  'card_payment_refunded',
  'card_payment_update',
  'card_reader_assign',
  'card_reader_save',
  'pair_device_claim',
  'pair_device_finish',
  'passkey_checks_pending',
  'purchase_order_mail_sent',
  'purge_tombstones',
  'receipt_email_claim',
  'receipt_email_sent',
  'receipt_for_mail',
  'settle_passkey_check',
];

/** Each has a row in supabase/SPEC.md §23's audit table saying who may call it and what it re-derives. */
const REVIEWED_FOR_MEMBERS = [
  'apply_ops',
  'approve_shift',
  'card_access',
  'card_payment_issues',
  'check_staff_pin',
  'create_company',
  'create_invite',
  'create_pairing_code',
  'customer_value',
  'import_products',
  'insight_customers',
  'insight_heatmap',
  'insight_inventory',
  'insight_sales',
  'join_company',
  'list_devices',
  'list_flags',
  'list_invites',
  'passkey_checks_due',
  'promotion_report',
  'public_receipt',
  'pull_changes',
  'pull_device_changes',
  'purchase_order_mail_request',
  'receipt_email_request',
  'register_staff_passkey',
  'register_terminal',
  'remove_staff_passkey',
  'report_card_unverified',
  'report_customer_totals',
  'report_in_transit',
  'report_low_stock',
  'report_margin',
  'report_modifiers',
  'report_payment_mix',
  'report_received',
  'report_refunds',
  'report_sales_by_cashier',
  'report_sales_by_day',
  'report_sales_by_hour',
  'report_sales_by_terminal',
  'report_stocktake_variances',
  'report_top_products',
  'revoke_device',
  'revoke_invite',
  'revoke_receipt_link',
  'save_product_variants',
  'save_staff',
  'save_value_account',
  'set_shop_language',
  'set_staff_language',
  'set_staff_pin',
  'staff_pin_params',
  'stocktake_review',
  'value_activity',
  'value_liability',
  'value_lookup',
  'value_receivables',
  'value_statement',
];

let db: Database;
let rows: FunctionRow[];

beforeAll(async () => {
  db = await openDatabase({});
  await prepareDatabase(db, undefined, null);
  const result = await db.query<FunctionRow>(`
    select p.proname as name, p.prosecdef as definer, array_to_string(p.proconfig, ',') as config,
           has_function_privilege('anon', p.oid, 'execute') as anon,
           has_function_privilege('authenticated', p.oid, 'execute') as authenticated
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' order by 1`);
  rows = result.rows;
}, 180_000);

afterAll(async () => {
  await db.close();
});

test('[AUDIT-5] anon calls public_receipt and nothing else', () => {
  expect(rows.filter((r) => r.anon).map((r) => r.name)).toEqual(['public_receipt']);
});

test("[AUDIT-5] the Edge Functions' service-role steps are nobody else's", () => {
  const open = rows.filter((r) => SERVICE_ONLY.includes(r.name) && (r.anon || r.authenticated));
  expect(open.map((r) => r.name)).toEqual([]);
});

test('[AUDIT-5] every function a signed-in caller may call was reviewed in the audit table', () => {
  const callable = rows.filter((r) => r.authenticated).map((r) => r.name);
  expect(callable).toEqual(REVIEWED_FOR_MEMBERS);
});

test('[AUDIT-5] every public function runs as its owner with an empty search_path, checking its caller itself', () => {
  const loose = rows.filter((r) => !r.definer || !(r.config ?? '').includes('search_path=""'));
  expect(loose.map((r) => r.name)).toEqual([]);
});
