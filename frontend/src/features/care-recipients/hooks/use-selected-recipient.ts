import type { Child } from '@carecircle/libs';
import { useState } from 'react';
import { useGetChildrenQuery } from '../../../app/base-api';
import { dataAndStatus } from '../../../app/hooks';

/**
 * The recipient list and the one the dashboard shows; defaults to the last recipient (spec document 2).
 * `initialId` (a link to a task) shows that recipient first when the caregiver sees them.
 */
export function useSelectedRecipient(initialId: string | null = null) {
  const query = useGetChildrenQuery(undefined, { selectFromResult: dataAndStatus });
  const [chosenId, setChosenId] = useState<string | null>(initialId);
  const recipients: Child[] = query.data ?? [];
  const selected = recipients.find((child) => child.id === chosenId) ?? recipients[recipients.length - 1];
  return {
    recipients,
    selected,
    select: setChosenId,
    isLoading: query.isLoading,
    isError: query.isError && !query.data,
    refetch: query.refetch,
  };
}
