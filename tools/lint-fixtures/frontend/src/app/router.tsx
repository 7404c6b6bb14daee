// Allowed: app composes features and shared.
import { VisitsPage } from '../features/visits/visits-page';
import { Button } from '../shared/button';

export const routes = [VisitsPage, Button];
