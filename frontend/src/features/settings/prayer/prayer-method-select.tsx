import { PRAYER_METHODS } from '@carecircle/libs';
import { useGetPrayerMethodsQuery } from './prayer-api';

interface Props {
  id: string;
  value: number;
  onChange: (method: number) => void;
  disabled?: boolean;
}

/** Calculation Method: the methods GET /api/prayer-times/methods lists (the libs list until it answers). */
export function PrayerMethodSelect({ id, value, onChange, disabled }: Props) {
  const { data: methods = PRAYER_METHODS } = useGetPrayerMethodsQuery();
  return (
    <div className="settings-field">
      <label htmlFor={id} className="settings-field__label">
        Calculation Method
      </label>
      <select id={id} className="settings-field__select" value={value} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))}>
        {methods.map((method) => (
          <option key={method.id} value={method.id}>
            {method.name}
          </option>
        ))}
      </select>
    </div>
  );
}
