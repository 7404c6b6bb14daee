import { TEXT_MAX } from '@carecircle/libs';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { dismissToast } from '../../../shared/ui/toast';

interface Draft {
  key: string;
  name: string;
}

interface DraftListProps<T extends Draft> {
  label: string;
  items: T[];
  /** The item's line: name and what was chosen. */
  describe: (item: T) => ReactNode;
  /** Whether the item has a Remove button (the built-in hotlines do not); all have by default. */
  removable?: (item: T) => boolean;
  onChange: (items: T[]) => void;
}

/** What a step has added so far, one line each, with Remove. */
export function DraftList<T extends Draft>({ label, items, describe, removable = () => true, onChange }: DraftListProps<T>) {
  return (
    <ul className="onboarding-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="onboarding-list__item">
          <span>{describe(item)}</span>
          {removable(item) && (
            <Button size="small" onClick={() => onChange(items.filter((other) => other.key !== item.key))} aria-label={`Remove ${item.name}`}>
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface DraftNameItemProps {
  label: string;
  id: string;
  value: string;
  /** The step's "name required" toast, taken away once a name is typed. */
  requiredToast: string;
  onChange: (name: string) => void;
}

/** The name of what a step adds; typing one takes away the step's "name required" toast. */
export function DraftNameItem({ label, id, value, requiredToast, onChange }: DraftNameItemProps) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input
        id={id}
        autoComplete="off"
        maxLength={TEXT_MAX.name}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          if (e.target.value.trim() !== '') dismissToast(requiredToast);
        }}
      />
    </Form.Item>
  );
}
