// /dashboard/insights (issue 22): what sells, what to reorder, who comes back, for managers and owners. A
// period picker (this week, this month, the last 30 days, custom) and, for sales and customers, the same
// figures over the previous period and the same dates last year. Every figure comes from the server's insight
// functions ([INS-1]..[INS-5]); the answers are cached (persisted queries) so the page reads offline, dated.
// One tab at a time (issue 34: the page was 14,000 px long): Sales, Products, Inventory, Customers, Staff, the
// chosen one in the URL (`?view=`) so a reload or a shared link opens it; only its figures are asked for.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { insightQuery, type InsightName, type Period } from '../../../data/remote/insights';
import type { Membership } from '../../../data/remote/memberships';
import type { Supabase } from '../../../data/remote/supabase-client';
import { dayIn } from '../../../lib/calendar';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { DayRangeFields } from '../day-range-fields';
import { rangeProblem } from '../range-report';
import { CustomersView } from './customers-view';
import type { DraftOrderPort } from './draft-order';
import { Freshness } from './insight-parts';
import { InventoryView } from './inventory-view';
import { lastYear, PERIOD_CHOICES, periodFor, previousPeriod, type PeriodChoice } from './periods';
import { ProductsView, StaffView } from './sales-detail-views';
import { SalesView } from './sales-view';
import { INSIGHTS_VIEWS as VIEWS, insightsViewOf, type InsightsView } from './insights-views';
import './insights.css';

export function InsightsPage({
  membership,
  supabase,
  view,
  onView,
  draftOrder,
}: {
  membership: Membership;
  supabase: Supabase;
  view: InsightsView;
  /** [PUR-38] 'Draft order' on each supplier group of the purchase list. */
  draftOrder?: DraftOrderPort | undefined;
  /** A tab chosen: the route puts it in the URL. */
  onView: (view: InsightsView) => void;
}) {
  const { t } = useLingui();
  const today = dayIn(membership.timeZone);
  const [choice, setChoice] = useState<PeriodChoice>('month');
  const [draft, setDraft] = useState<Period>({ from: today.slice(0, 8) + '01', to: today });
  const [custom, setCustom] = useState<Period>(draft);
  const period = periodFor(choice, today, custom);
  const problem = rangeProblem(draft.from, draft.to);
  const { from, to } = period;
  const before = previousPeriod(period);
  const previousFrom = before.from;
  const previousTo = before.to;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (problem === null) setCustom(draft);
  };

  return (
    <div className="insights">
      <form className="insights__picker" onSubmit={submit} noValidate>
        <SelectField
          label={t`Period`}
          name="period"
          value={choice}
          options={PERIOD_CHOICES.map((one) => ({ value: one.value, label: t(one.label) }))}
          onChange={(value) => {
            setChoice(value as PeriodChoice);
          }}
        />
        {choice === 'custom' ? (
          <>
            <DayRangeFields draft={draft} setDraft={setDraft} />
            <Button type="submit" isDisabled={problem !== null}>
              <Trans>Show</Trans>
            </Button>
          </>
        ) : null}
      </form>
      {choice === 'custom' && problem ? <p className="field__error">{problem}</p> : null}
      <p className="insights__period">
        {t`${from} to ${to}, compared with ${previousFrom} to ${previousTo} and with last year.`}
      </p>
      {/* Arrow keys move between the tabs (react-aria); only the chosen panel is rendered and asks the server. */}
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => {
          const chosen = insightsViewOf(key);
          if (chosen) onView(chosen);
        }}
      >
        <TabList className="insights__views" aria-label={t`Insights views`}>
          {VIEWS.map((one) => (
            <Tab key={one.value} id={one.value} className="insights__tab">
              {t(one.label)}
            </Tab>
          ))}
        </TabList>
        {VIEWS.map((one) => (
          <TabPanel key={one.value} id={one.value} className="insights__panel">
            <ViewBody
              view={one.value}
              period={period}
              membership={membership}
              supabase={supabase}
              draftOrder={draftOrder}
            />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

function usePeriods<Name extends InsightName>(
  supabase: Supabase,
  name: Name,
  companyId: string,
  period: Period,
) {
  return {
    now: useQuery(insightQuery(supabase, name, companyId, period)),
    previous: useQuery(insightQuery(supabase, name, companyId, previousPeriod(period))),
    lastYear: useQuery(insightQuery(supabase, name, companyId, lastYear(period))),
  };
}

interface SectionProps {
  period: Period;
  membership: Membership;
  supabase: Supabase;
  draftOrder?: DraftOrderPort | undefined;
}

/** Only the chosen view asks the server (three periods for sales and customers, one for stock). */
function ViewBody({ view, ...props }: SectionProps & { view: InsightsView }) {
  if (view === 'sales') return <SalesSection {...props} />;
  if (view === 'products' || view === 'staff') return <SalesTablesSection view={view} {...props} />;
  if (view === 'inventory') return <InventorySection {...props} />;
  return <CustomersSection {...props} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SalesSection({ period, membership, supabase }: SectionProps) {
  const { companyId, currency, timeZone } = membership;
  const { t } = useLingui();
  const sales = usePeriods(supabase, 'insight_sales', companyId, period);
  const heatmap = useQuery(insightQuery(supabase, 'insight_heatmap', companyId, period));
  return (
    <Section id="insights-sales" title={t`Sales`}>
      <Freshness query={sales.now} what="sales" timeZone={timeZone} />
      {sales.now.data ? (
        <SalesView
          sales={sales.now.data}
          previous={sales.previous.data}
          lastYear={sales.lastYear.data}
          heatmap={heatmap.data}
          period={period}
          currency={currency}
        />
      ) : null}
    </Section>
  );
}

/** Products and Staff: tables of the same sales figures (one query, shared with the Sales tab's cache). */
function SalesTablesSection({
  view,
  period,
  membership,
  supabase,
}: SectionProps & { view: 'products' | 'staff' }) {
  const { companyId, currency, timeZone } = membership;
  const { t } = useLingui();
  const sales = useQuery(insightQuery(supabase, 'insight_sales', companyId, period));
  const Body = view === 'products' ? ProductsView : StaffView;
  return (
    <Section id={`insights-${view}`} title={view === 'products' ? t`Products` : t`Staff`}>
      <Freshness query={sales} what="sales" timeZone={timeZone} />
      {sales.data ? <Body sales={sales.data} period={period} currency={currency} /> : null}
    </Section>
  );
}

function InventorySection({ period, membership, supabase, draftOrder }: SectionProps) {
  const { companyId, currency, timeZone } = membership;
  const { t } = useLingui();
  const inventory = useQuery(insightQuery(supabase, 'insight_inventory', companyId, period));
  return (
    <Section id="insights-inventory" title={t`Inventory`}>
      <Freshness query={inventory} what="stock" timeZone={timeZone} />
      {inventory.data ? (
        <InventoryView
          inventory={inventory.data}
          period={period}
          currency={currency}
          draftOrder={draftOrder}
        />
      ) : null}
    </Section>
  );
}

function CustomersSection({ period, membership, supabase }: SectionProps) {
  const { companyId, currency, timeZone } = membership;
  const { t } = useLingui();
  const customers = usePeriods(supabase, 'insight_customers', companyId, period);
  return (
    <Section id="insights-customers" title={t`Customers`}>
      <Freshness query={customers.now} what="customers" timeZone={timeZone} />
      {customers.now.data ? (
        <CustomersView
          customers={customers.now.data}
          previous={customers.previous.data}
          lastYear={customers.lastYear.data}
          period={period}
          currency={currency}
          timeZone={timeZone}
        />
      ) : null}
    </Section>
  );
}
