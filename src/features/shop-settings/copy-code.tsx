// "Copy code" for a new invite. The clipboard can be refused (no permission, an insecure origin, an old
// browser); then the person is told to copy the code by hand rather than left wondering.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';

export function CopyCode({ code }: { code: string }) {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<'copied' | 'refused' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setOutcome('copied');
    } catch {
      setOutcome('refused');
    }
  };
  return (
    <p className="copy-code">
      <Button variant="secondary" onPress={() => void copy()}>
        <Trans>Copy code</Trans>
      </Button>{' '}
      <span role="status">
        {outcome === 'copied' ? t`Copied.` : null}
        {outcome === 'refused'
          ? t`This browser did not allow copying: select the code ${code} and copy it.`
          : null}
      </span>
    </p>
  );
}
