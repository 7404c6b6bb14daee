import { Switch } from 'antd';
import { useId } from 'react';

/** "Post anonymously": who can still see the author is said next to the switch. */
export function AnonymousSwitch({ checked, onChange, label = 'Post anonymously' }: { checked: boolean; onChange: (checked: boolean) => void; label?: string }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="anonymous-switch">
      <Switch id={id} checked={checked} onChange={onChange} aria-describedby={hintId} />
      <div>
        <label htmlFor={id} className="anonymous-switch__label">
          {label}
        </label>
        <p id={hintId} className="anonymous-switch__hint">
          Members see "Anonymous". The group's moderators can still see who wrote it.
        </p>
      </div>
    </div>
  );
}
