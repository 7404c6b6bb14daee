import { ThingsQuery } from '../modules/alpha/read-models/things/things.query';

export const entities = [ThingsQuery];
