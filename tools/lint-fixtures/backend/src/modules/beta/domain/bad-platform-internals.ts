import { EVENT_STORE } from '../../../platform/event-store/event-store';
import { ReadModelProjection } from '../../../platform/projections/projection';
import { PG_POOL } from '../../../platform/database/database.tokens';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { ormConfig } from '../../../database/orm.config';
import { APP_CONFIG } from '../../../config/app-config';

export const bad = [EVENT_STORE, ReadModelProjection, PG_POOL, EventSourcedStreams, commandMetadata, ormConfig, APP_CONFIG];
