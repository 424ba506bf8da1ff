// "21–40 of 135 on the server" with Newer / Older: paging through a server list in fixed-size pages.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';

export function ServerPager({
  total,
  offset,
  pageSize,
  onOffset,
  className,
}: {
  total: number;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  className?: string;
}) {
  const { t } = useLingui();
  const from = offset + 1;
  const to = Math.min(offset + pageSize, total);
  return (
    <div className={`button-row${className ? ` ${className}` : ''}`}>
      <span>{total === 0 ? t`None on the server` : t`${from}–${to} of ${total} on the server`}</span>
      <Button
        variant="secondary"
        isDisabled={offset === 0}
        onPress={() => {
          onOffset(Math.max(0, offset - pageSize));
        }}
      >
        <Trans>Newer</Trans>
      </Button>
      <Button
        variant="secondary"
        isDisabled={offset + pageSize >= total}
        onPress={() => {
          onOffset(offset + pageSize);
        }}
      >
        <Trans>Older</Trans>
      </Button>
    </div>
  );
}
