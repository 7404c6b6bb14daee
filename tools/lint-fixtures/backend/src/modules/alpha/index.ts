export { Thing } from './domain/thing';
export { ThingsQuery } from './read-models/things/things.query';
