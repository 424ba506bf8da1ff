// A held quantity on a back-office document ([PUR-20]: more arrived than was expected, perhaps counted
// twice): what is held, in the document's own words, with 'Accept' and 'Drop' and, where a drop must say
// why, the field for the reason.
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { TextField } from './text-field';
import './document.css';

export function HeldLine({
  id,
  text,
  name,
  quantity,
  onAccept,
  onDrop,
  dropReason,
}: {
  id: string;
  /** What is held, as the document says it. */
  text: string;
  name: string;
  /** The held quantity as read. */
  quantity: string;
  onAccept: () => void;
  onDrop: () => void;
  /** Where a drop says why: the reason typed so far. */
  dropReason?: { value: string; onChange: (reason: string) => void };
}) {
  const { t } = useLingui();
  return (
    <li className="document__held-line">
      <span>{text}</span>
      <Button variant="secondary" aria-label={t`Accept ${quantity} ${name}`} onPress={onAccept}>
        {t`Accept`}
      </Button>
      {dropReason ? (
        <TextField
          label={t`Why drop ${quantity} ${name}?`}
          name={`drop-reason-${id}`}
          value={dropReason.value}
          maxLength={200}
          onChange={dropReason.onChange}
        />
      ) : null}
      <Button variant="ghost" aria-label={t`Drop ${quantity} ${name}`} onPress={onDrop}>
        {t`Drop`}
      </Button>
    </li>
  );
}
