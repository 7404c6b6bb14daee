import type { CareHubFamily } from '@carecircle/libs';

/** How a family is named where the user sees more than one: "Your family", "Ana Lopez's family". */
export function familyLabel(family: CareHubFamily): string {
  return family.isOwn ? 'Your family' : `${family.name}'s family`;
}
