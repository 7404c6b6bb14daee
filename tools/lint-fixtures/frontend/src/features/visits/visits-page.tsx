import { visitsApi } from './api';

export function VisitsPage() {
  return <p>{String(visitsApi)}</p>;
}
