/** The four visible tabs of Settings (spec document 1, section 2); the Care Recipients panel has no tab of its own. */
export const SETTINGS_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'calendar', label: 'Calendar' },
  { key: 'billing', label: 'Billing' },
  { key: 'account', label: 'Account' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'] | 'children';

const PANELS: readonly string[] = [...SETTINGS_TABS.map((tab) => tab.key), 'children'];

/** The panel `?tab=` asks for; Profile for none or one that does not exist. */
export const settingsTabOf = (requested: string | null): SettingsTab => (requested && PANELS.includes(requested) ? requested : 'profile') as SettingsTab;

/** /settings?tab=children: where the Care Recipients panel lives (linked from Profile and the Care Recipients dialog). */
export const CARE_RECIPIENTS_SETTINGS_PATH = '/settings?tab=children';
