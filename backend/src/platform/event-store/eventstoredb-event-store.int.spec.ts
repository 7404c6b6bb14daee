import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

/** Runs only against a real server: EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false */
(connectionString ? describe : describe.skip)('EventStoreDbEventStore', () => {
  eventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(connectionString!);
    return { store, close: () => store.close() };
  });
});
