// Allowed: app wiring uses modules through their index.ts.
import { ThingsQuery } from './modules/alpha';

export const AppModule = [ThingsQuery];
