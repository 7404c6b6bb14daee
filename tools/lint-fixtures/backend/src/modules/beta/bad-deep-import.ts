import type { Thing } from '../alpha/domain/thing';
import { ThingsQuery } from '../alpha/read-models/things/things.query';

export type BadThing = Thing;
export const bad = ThingsQuery;
