export { Thing } from './domain/thing';
export { ThingsProjection } from './read-models/things/things.projection';
export { ThingsQuery } from './read-models/things/things.query';
