// Settings → This till → Card reader (issue 20): the Stripe reader this till sends card amounts to, and the
// shop's others. Managers and owners register a reader with the code it shows, put one on this till or take
// it off ([CARD-1], [CARD-20]); cashiers see the readers only. Everything here is online: offline it says so
// and shows nothing stale. After a change every `['card-readers', till]` query is refetched, which is what the
// register reads for "this till's reader".
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { assignedReader, writeTillReader } from '../../data/local/till-card-reader';
import type { CardPaymentsClient, CardReader } from '../../data/remote/card-payments';
import { CARD_READERS_KEY, cardReadersQuery, type TillReaders } from '../../data/remote/card-readers-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useOnline } from '../../ui/use-online';
import { readerErrorText, readerModel } from './card-reader-words';
import { RegisterReaderForm } from './register-reader-form';

export interface CardReaderCardProps {
  client: CardPaymentsClient;
  terminalId: string;
  /** Managers and owners change readers; the function refuses anyone else anyway ([CARD-4]). */
  manages: boolean;
  /** A till's name by id, for "on Till 2"; the id's start when this device does not know it. */
  tillName: (terminalId: string) => string;
}

export function CardReaderCard({ client, terminalId, manages, tillName }: CardReaderCardProps) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const readers = useQuery({ ...cardReadersQuery(client, terminalId), enabled: online });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // What the server says is this till's reader is what the register's 'Card' uses at once, without waiting
  // for its own background check (data/local/till-card-reader.ts).
  const mine = readers.data?.mine;
  useEffect(() => {
    if (mine === undefined) return;
    const storage = typeof localStorage === 'undefined' ? null : localStorage;
    writeTillReader(
      storage,
      terminalId,
      mine ? assignedReader([mine], terminalId) : null,
      new Date().toISOString(),
    );
  }, [mine, terminalId]);

  const change = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(readerErrorText(error));
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: CARD_READERS_KEY });
      setBusy(false);
    }
  };
  return (
    <section className="card-reader" aria-labelledby="card-reader-title">
      <h3 id="card-reader-title" className="card-reader__title">
        <Trans>Card reader</Trans>
      </h3>
      {!online ? (
        <Alert tone="warning">
          <Trans>
            This device is offline. The card readers are shown and changed online; meanwhile &apos;Card&apos;
            at the register takes the card on another terminal.
          </Trans>
        </Alert>
      ) : readers.isPending ? (
        <p className="terminal-setup__note">{t`Reading the shop’s card readers…`}</p>
      ) : readers.isError ? (
        <Alert>{readerErrorText(readers.error)}</Alert>
      ) : (
        <ReaderLists
          {...{ mine: readers.data.mine, others: readers.data.others, manages, busy, problem, tillName }}
          onAssign={(reader, to) => {
            void change(() => client.assignReader(reader.id, to === 'this' ? terminalId : null));
          }}
          onRegister={(code, label) =>
            change(() => client.registerReader({ terminalId, registrationCode: code, label }))
          }
        />
      )}
    </section>
  );
}

function ReaderLists({
  mine,
  others,
  manages,
  busy,
  problem,
  tillName,
  onAssign,
  onRegister,
}: TillReaders &
  Pick<CardReaderCardProps, 'manages' | 'tillName'> & {
    busy: boolean;
    problem: string | null;
    onAssign: (reader: CardReader, to: 'this' | 'none') => void;
    onRegister: (code: string, label: string) => Promise<boolean>;
  }) {
  const { t } = useLingui();
  return (
    <>
      {problem ? <Alert>{problem}</Alert> : null}
      {mine ? (
        <ReaderFacts reader={mine}>
          {manages ? (
            <Button
              variant="secondary"
              isDisabled={busy}
              onPress={() => {
                onAssign(mine, 'none');
              }}
            >
              <Trans>Take off this till</Trans>
            </Button>
          ) : null}
        </ReaderFacts>
      ) : (
        <p className="terminal-setup__note">
          <Trans>
            No card reader on this till: &apos;Card&apos; at the register takes the card on another terminal
            and its reference is typed.
          </Trans>
        </p>
      )}
      {others.length > 0 ? (
        <>
          <h4 className="card-reader__subtitle">
            <Trans>The shop’s other readers</Trans>
          </h4>
          <ul className="card-reader__others">
            {others.map((reader) => {
              const till = reader.terminal_id ? tillName(reader.terminal_id) : null;
              return (
                <li key={reader.id}>
                  <ReaderFacts reader={reader} where={till !== null ? t`On ${till}` : t`On no till`}>
                    {manages ? (
                      <Button
                        variant="secondary"
                        isDisabled={busy}
                        onPress={() => {
                          onAssign(reader, 'this');
                        }}
                      >
                        <Trans>Use on this till</Trans>
                      </Button>
                    ) : null}
                  </ReaderFacts>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {manages ? (
        <RegisterReaderForm busy={busy} onRegister={onRegister} />
      ) : (
        <p className="terminal-setup__note">
          <Trans>A manager or the owner registers and assigns card readers.</Trans>
        </p>
      )}
    </>
  );
}

function ReaderFacts({
  reader,
  where,
  children,
}: {
  reader: CardReader;
  where?: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const label = reader.label;
  return (
    <div className="card-reader__reader" aria-label={t`Card reader ${label}`}>
      <dl className="terminal-setup__facts">
        <dt>
          <Trans>Reader</Trans>
        </dt>
        <dd>{reader.label}</dd>
        <dt>
          <Trans>Model</Trans>
        </dt>
        <dd>{readerModel(reader.device_type)}</dd>
        <dt>
          <Trans>Serial</Trans>
        </dt>
        <dd>{reader.serial_number ?? '—'}</dd>
        {where ? (
          <>
            <dt>
              <Trans>Till</Trans>
            </dt>
            <dd>{where}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </div>
  );
}
