import { ThingsQuery } from '../../modules/alpha';

export const bad = ThingsQuery;
