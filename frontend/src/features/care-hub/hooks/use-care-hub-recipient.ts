import type { Child } from '@carecircle/libs';
import { useSearchParams } from 'react-router-dom';
import { useGetCareHubRecipientsQuery } from '../api';

const PARAM = 'child';

/**
 * The care recipient whose directory a screen shows: the one named in the address (`?child=id`, so a
 * reload keeps it), else the first of GET /api/children (spec document 3, section 2).
 */
export function useCareHubRecipient() {
  const query = useGetCareHubRecipientsQuery();
  const [params, setParams] = useSearchParams();
  const recipients: Child[] = query.data ?? [];
  const chosen = params.get(PARAM);
  const selected = recipients.find((child) => child.id === chosen) ?? recipients[0];
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PARAM, id);
        return next;
      },
      { replace: true },
    );
  return {
    recipients,
    selected,
    select,
    isLoading: query.isLoading,
    isError: query.isError && !query.data,
    refetch: query.refetch,
  };
}
