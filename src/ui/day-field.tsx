// A labelled native date field (YYYY-MM-DD): the platform's own date picker, as the filters and reports use.
export function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        type="date"
        className="field__input"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </label>
  );
}
