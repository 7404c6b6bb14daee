import { Button, Input } from 'antd';
import { useState } from 'react';
import { sortedTimes } from '../onboarding-draft';

interface Props {
  id: string;
  times: string[];
  presets: readonly { label: string; time: string }[];
  onChange: (times: string[]) => void;
}

/** Times of a medication or task: preset buttons that toggle, and any other time added by hand. */
export function TimesPicker({ id, times, presets, onChange }: Props) {
  const [custom, setCustom] = useState('');
  const toggle = (time: string) => onChange(times.includes(time) ? times.filter((t) => t !== time) : sortedTimes([...times, time]));
  return (
    <div className="onboarding-times">
      <div className="onboarding-times__presets" role="group" aria-label="Quick times">
        {presets.map((preset) => (
          <Button key={preset.time} aria-pressed={times.includes(preset.time)} type={times.includes(preset.time) ? 'primary' : 'default'} onClick={() => toggle(preset.time)}>
            {preset.label} {preset.time}
          </Button>
        ))}
      </div>
      <div className="onboarding-times__custom">
        <Input id={id} type="time" aria-label="Another time" value={custom} onChange={(e) => setCustom(e.target.value)} />
        <Button
          disabled={custom === '' || times.includes(custom)}
          onClick={() => {
            onChange(sortedTimes([...times, custom]));
            setCustom('');
          }}
        >
          Add time
        </Button>
      </div>
      {times.length > 0 && (
        <div className="onboarding-times__chosen" aria-label="Chosen times">
          {times.map((time) => (
            <Button key={time} size="small" aria-label={`Remove ${time}`} onClick={() => onChange(times.filter((t) => t !== time))}>
              {time} ×
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
