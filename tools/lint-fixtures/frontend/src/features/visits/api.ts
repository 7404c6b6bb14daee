// Allowed: the single base api, the store hooks, shared code, own feature.
import { baseApi } from '../../app/base-api';
import { useAppDispatch } from '../../app/hooks';
import { formatDate } from '../../shared/format';

export const visitsApi = baseApi.injectEndpoints({ list: formatDate });
export const useVisitsDispatch = useAppDispatch;
