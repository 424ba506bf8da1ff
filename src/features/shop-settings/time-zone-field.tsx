// The shop's time zone, picked from the zones this browser knows: type part of a name ("berl") and choose.
// Free text is kept while typing so the field never fights the keyboard; the form refuses a name that is not
// in the list (checkCompany), and the server refuses a zone Postgres does not know ([SCHEMA-4]).
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';

/** The IANA zones on offer: the browser's list, with UTC (which browsers leave out) first. */
export function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

export function TimeZoneField({
  value,
  zones,
  onChange,
}: {
  value: string;
  zones: readonly string[];
  onChange: (zone: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ComboBox
      className="field"
      name="time-zone"
      inputValue={value}
      onInputChange={onChange}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      defaultItems={zones.map((zone) => ({ id: zone }))}
      allowsCustomValue
    >
      <Label className="field__label">
        <Trans>Time zone</Trans>
      </Label>
      <div className="combo">
        <Input className="field__input" />
        <Button className="combo__button" aria-label={t`Show time zones`}>
          ▾
        </Button>
      </div>
      <Text slot="description" className="field__hint">
        <Trans>Reports and receipts count days in this zone. Type a city, e.g. Berlin.</Trans>
      </Text>
      <FieldError className="field__error" />
      <Popover className="combo__popover">
        <ListBox className="combo__list">
          {(item: { id: string }) => (
            <ListBoxItem id={item.id} textValue={item.id} className="combo__option">
              {item.id.replaceAll('_', ' ')}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
