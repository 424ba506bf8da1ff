// 'Export CSV' under a report's table: one button, one file name, the CSV built only when pressed.
import { Trans } from '@lingui/react/macro';
import { Button } from './button';

const CSV = 'text/csv;charset=utf-8';

export function ExportCsvButton({
  download,
  fileName,
  csv,
}: {
  download: (name: string, content: string, type: string) => void;
  fileName: string;
  csv: () => string;
}) {
  return (
    <Button
      variant="secondary"
      onPress={() => {
        download(fileName, csv(), CSV);
      }}
    >
      <Trans>Export CSV</Trans>
    </Button>
  );
}
