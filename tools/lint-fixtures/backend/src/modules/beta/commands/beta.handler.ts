// Outside domain/ the application layer may read the clock, make ids and use infrastructure.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';

export const metadata = () => ({ correlationId: randomUUID(), occurredAt: new Date().toISOString(), at: Date.now(), pool: Pool });
