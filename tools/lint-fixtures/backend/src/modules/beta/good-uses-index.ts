// Allowed: another module through its index.ts, by folder or by file; own internals; the platform.
import { ThingsQuery } from '../alpha';
import type { Thing } from '../alpha/index';
import { makeClock } from '../../platform/http/clock';
import { decideBeta } from './domain/beta.decide';

export const uses = [ThingsQuery, makeClock, decideBeta];
export type UsesThing = Thing;
