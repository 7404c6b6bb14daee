import { joinFullName, type Child } from '@carecircle/libs';

export function recipientName(child: Child): string {
  return joinFullName(child.firstName ?? '', child.lastName ?? '') || child.name;
}

export function recipientInitials(child: Child): string {
  const first = (child.firstName || child.name || '?').trim().charAt(0);
  const last = (child.lastName ?? '').trim().charAt(0);
  return `${first}${last}`.toUpperCase();
}
