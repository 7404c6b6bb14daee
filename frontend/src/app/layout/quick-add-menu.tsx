import { CalendarOutlined, CheckSquareOutlined, PlusOutlined } from '../../shared/ui/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuickAdd } from '../quick-add/quick-add-context';
import { disclosureProps } from '../../shared/ui/disclosure';

interface QuickAddItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** Absent while the action is not built yet. */
  onSelect?: () => void;
}

/** The central Quick Add button of the bottom navigation and its menu (WAI-ARIA menu button pattern). */
export function QuickAddMenu() {
  const quickAdd = useQuickAdd();
  const entries: QuickAddItem[] = [
    { key: 'add-task', label: 'Add Task', icon: <CheckSquareOutlined />, onSelect: () => quickAdd.openTask() },
    {
      key: 'add-appointment',
      label: 'Add Appointment',
      icon: <CalendarOutlined />,
      onSelect: () => quickAdd.openAppointment(),
    },
  ];
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const last = entries.length - 1;
    const focusAt = (i: number) => items.current[i]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index >= last ? 0 : index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index <= 0 ? last : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className="bottom-nav__quick-add" ref={wrapper}>
      {open && (
        <ul id={menuId} role="menu" aria-label="Quick Add" className="quick-add-menu" onKeyDown={onMenuKeyDown}>
          {entries.map((item, index) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                className="quick-add-menu__item"
                aria-disabled={item.onSelect ? undefined : true}
                ref={(element) => {
                  items.current[index] = element;
                }}
                onClick={() => {
                  if (!item.onSelect) return;
                  close(true);
                  item.onSelect();
                }}
              >
                <span aria-hidden>{item.icon}</span>
                {item.label}
                {!item.onSelect && <span className="quick-add-menu__hint">Coming soon</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        ref={trigger}
        type="button"
        className="quick-add-button"
        aria-label="Quick Add"
        aria-haspopup="menu"
        {...disclosureProps(open, menuId)}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <PlusOutlined aria-hidden />
      </button>
    </div>
  );
}
