// "21–40 of 135 on the server" with Newer / Older: paging through a server list in fixed-size pages.
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
  return (
    <div className={`button-row${className ? ` ${className}` : ''}`}>
      <span>
        {total === 0
          ? 'None on the server'
          : `${String(offset + 1)}–${String(Math.min(offset + pageSize, total))} of ${String(total)} on the server`}
      </span>
      <Button
        variant="secondary"
        isDisabled={offset === 0}
        onPress={() => {
          onOffset(Math.max(0, offset - pageSize));
        }}
      >
        Newer
      </Button>
      <Button
        variant="secondary"
        isDisabled={offset + pageSize >= total}
        onPress={() => {
          onOffset(offset + pageSize);
        }}
      >
        Older
      </Button>
    </div>
  );
}
