import { PlanCard } from '../features/billing/plan-card';
import { store } from '../app/store';

export const bad = [PlanCard, store];
