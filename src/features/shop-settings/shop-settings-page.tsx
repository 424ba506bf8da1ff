// Settings → Shop (issue 8): the company's details, the shared till's rules (issue 18), scale labels and
// the cost method (issue 21), gift cards and loyalty (issue 37), purchasing and stock (issue 38), stores and
// tills, people and invites.
// Server-owned, so it needs a connection; offline it says so and the till keeps selling from its mirror.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Membership } from '../../data/remote/memberships';
import {
  invitesQuery,
  shopSettingsQuery,
  shopSettingsWrites,
  type ShopSettingsWrites,
} from '../../data/remote/shop-settings';
import type { Supabase } from '../../data/remote/supabase-client';
import type { ValueSettingsWrites } from '../../data/remote/value-settings';
import { purchasingSettingsRemote } from '../../data/remote/purchasing-settings';
import { Alert } from '../../ui/alert';
import { CompanyForm } from './company-form';
import { CostMethodForm } from './cost-method-form';
import { ShopLanguageForm } from './shop-language-form';
import { MembersAndInvites } from './members-invites';
import { PurchasingSettingsSection, type PurchasingSettingsRemote } from './purchasing-settings-section';
import { ScaleLabelsForm } from './scale-labels-form';
import { StoresAndTerminals } from './stores-terminals';
import { TillRulesForm } from './till-rules-form';
import { useSave } from './use-save';
import { ValueSettingsSection } from './value-settings-section';
import './shop-settings.css';

export function ShopSettingsPage({
  membership,
  supabase,
  currentUserId,
  syncNow,
  writes: givenWrites,
  valueWrites,
  purchasing,
}: {
  membership: Membership;
  supabase: Supabase;
  currentUserId: string | null;
  /** After a change: let this device's mirror (and the register) follow. */
  syncNow: () => void;
  writes?: ShopSettingsWrites;
  valueWrites?: ValueSettingsWrites;
  purchasing?: PurchasingSettingsRemote;
}) {
  const companyId = membership.companyId;
  const isOwner = membership.role === 'owner';
  const isManager = isOwner || membership.role === 'manager';
  const queryClient = useQueryClient();
  const settings = useQuery(shopSettingsQuery(supabase, companyId));
  const invites = useQuery({ ...invitesQuery(supabase, companyId), enabled: isOwner });
  const writes = givenWrites ?? shopSettingsWrites(supabase, companyId);
  const onSaved = () => {
    void queryClient.invalidateQueries({ queryKey: ['shop-settings', companyId] });
    void queryClient.invalidateQueries({ queryKey: ['memberships'] });
    syncNow();
  };
  const company = useSave(onSaved);
  const tillRules = useSave(onSaved);
  const scaleLabels = useSave(onSaved);
  const costMethod = useSave(onSaved);
  const shopLanguage = useSave(onSaved);
  const { t } = useLingui();
  const places = useSave(onSaved);
  const people = useSave(onSaved);

  const data = settings.data;
  if (!data) {
    return settings.isError ? (
      <Alert>
        <Trans>The shop’s settings need a connection to the server: they are kept there.</Trans>{' '}
        {settings.error.message}
      </Alert>
    ) : (
      <p aria-busy="true">
        <Trans>Loading the shop’s settings…</Trans>
      </p>
    );
  }
  return (
    <>
      {settings.isError ? (
        <Alert tone="warning">
          <Trans>These settings could not be refreshed from the server; changes need a connection.</Trans>
        </Alert>
      ) : null}
      <CompanyForm
        key={`${data.company.name}|${data.company.currency}|${data.company.timeZone}`}
        company={data.company}
        currencies={data.currencies}
        canEdit={isOwner}
        state={company}
        onSave={(fields) => void company.save(() => writes.updateCompany(fields), t`Shop details saved.`)}
      />
      <ShopLanguageForm
        key={data.shopLanguage}
        language={data.shopLanguage}
        canEdit={isOwner}
        state={shopLanguage}
        onSave={(language) =>
          void shopLanguage.save(
            () => writes.updateShopLanguage(language),
            t`Language saved. Tills follow after their next sync.`,
          )
        }
      />
      <TillRulesForm
        key={JSON.stringify(data.tillRules)}
        rules={data.tillRules}
        currency={data.company.currency}
        canEdit={isOwner}
        state={tillRules}
        onSave={(rules) =>
          void tillRules.save(
            () => writes.updateTillRules(rules),
            t`Shared till settings saved. Tills follow after their next sync.`,
          )
        }
      />
      <ScaleLabelsForm
        key={`${JSON.stringify(data.scaleLayouts)}|${data.company.currency}`}
        layouts={data.scaleLayouts}
        currency={data.company.currency}
        canEdit={isOwner}
        state={scaleLabels}
        onSave={(layouts) =>
          void scaleLabels.save(
            () => writes.updateScaleLayouts(layouts),
            t`Scale labels saved. Tills follow after their next sync.`,
          )
        }
      />
      <CostMethodForm
        key={data.costMethod}
        method={data.costMethod}
        canEdit={isOwner}
        state={costMethod}
        onSave={(method) =>
          void costMethod.save(
            () => writes.updateCostMethod(method),
            t`Cost method saved. It applies to the next receive the server records.`,
          )
        }
      />
      <ValueSettingsSection
        supabase={supabase}
        companyId={companyId}
        currency={data.company.currency}
        canEdit={isOwner}
        onSaved={onSaved}
        writes={valueWrites}
      />
      <PurchasingSettingsSection
        remote={purchasing ?? purchasingSettingsRemote(supabase, companyId)}
        canEdit={isOwner}
        onSaved={onSaved}
      />
      <StoresAndTerminals
        stores={data.stores}
        terminals={data.terminals}
        isOwner={isOwner}
        isManager={isManager}
        state={places}
        save={places.save}
        actions={writes}
      />
      {isOwner ? (
        <MembersAndInvites
          members={data.members}
          invites={invites.data ?? null}
          currentUserId={currentUserId}
          state={people}
          save={people.save}
          actions={writes}
        />
      ) : null}
    </>
  );
}
