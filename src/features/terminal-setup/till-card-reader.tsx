// The card reader section of Settings → This till, given the till: names the shop's other tills from this
// device's mirror (a reader "On Till 2") and hands the rest to CardReaderCard.
import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { companyRows } from '../../data/local/mirror-reads';
import type { CardPaymentsClient } from '../../data/remote/card-payments';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { CardReaderCard } from './card-reader-card';
import type { TerminalSetupDeps } from './terminal-setup-deps';

export function TillCardReader({
  deps,
  client,
  terminalId,
  manages,
}: {
  deps: Pick<TerminalSetupDeps, 'mirror' | 'companyId'>;
  client: CardPaymentsClient;
  terminalId: string;
  manages: boolean;
}) {
  const { mirror, companyId } = deps;
  const tillsQuery = useCallback(() => companyRows(mirror, 'terminals', companyId), [mirror, companyId]);
  const tills = readyValue(useLiveQuery(tillsQuery));
  const tillName = (id: string) => {
    const till = tills?.find((row) => row.id === id);
    if (typeof till?.name === 'string' && till.name !== '') return till.name;
    const short = id.slice(0, 8);
    return t`another till (${short})`;
  };
  return <CardReaderCard {...{ client, terminalId, manages, tillName }} />;
}
