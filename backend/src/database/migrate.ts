import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from './orm.config';
import { Migration20261121000001 } from './migrations/Migration20261121000001';
import { Migration20261121000220 } from './migrations/Migration20261121000220';
import { Migration20261121000300 } from './migrations/Migration20261121000300';
import { Migration20261122000100 } from './migrations/Migration20261122000100';
import { Migration20261123000100 } from './migrations/Migration20261123000100';
import { Migration20261123000200 } from './migrations/Migration20261123000200';
import { Migration20261123001000 } from './migrations/Migration20261123001000';
import { Migration20261123004100 } from './migrations/Migration20261123004100';
import { Migration20261124000900 } from './migrations/Migration20261124000900';
import { Migration20261125000100 } from './migrations/Migration20261125000100';
import { Migration20261125001100 } from './migrations/Migration20261125001100';
import { Migration20261126001100 } from './migrations/Migration20261126001100';
import { Migration20261127000100 } from './migrations/Migration20261127000100';
import { Migration20261127003000 } from './migrations/Migration20261127003000';
import { Migration20261127005000 } from './migrations/Migration20261127005000';
import { Migration20261127006000 } from './migrations/Migration20261127006000';
import { Migration20261127007000 } from './migrations/Migration20261127007000';
import { Migration20261127002000 } from './migrations/Migration20261127002000';
import { Migration20261127001000 } from './migrations/Migration20261127001000';
import { Migration20261127083000 } from './migrations/Migration20261127083000';
import { Migration20261127210000 } from './migrations/Migration20261127210000';
import { Migration20261127220000 } from './migrations/Migration20261127220000';
import { Migration20261127224000 } from './migrations/Migration20261127224000';
import { Migration20261128001000 } from './migrations/Migration20261128001000';
import { Migration20261128100000 } from './migrations/Migration20261128100000';
import { Migration20261128110000 } from './migrations/Migration20261128110000';
import { Migration20261128110100 } from './migrations/Migration20261128110100';
import { Migration20261128120000 } from './migrations/Migration20261128120000';
import { Migration20261128130000 } from './migrations/Migration20261128130000';
import { Migration20261129010000 } from './migrations/Migration20261129010000';
import { Migration20261129040000 } from './migrations/Migration20261129040000';
import { Migration20261130090000 } from './migrations/Migration20261130090000';
import { Migration20261130100000 } from './migrations/Migration20261130100000';
import { Migration20261130110000 } from './migrations/Migration20261130110000';
import { Migration20261130120000 } from './migrations/Migration20261130120000';
import { Migration20261201090000 } from './migrations/Migration20261201090000';
import { Migration20261201100000 } from './migrations/Migration20261201100000';
import { Migration20261201220000 } from './migrations/Migration20261201220000';

const MIGRATION_LOCK = 7300;

/** Runs pending migrations once, even when several processes start together (advisory lock). */
export async function migrate(clientUrl: string): Promise<string[]> {
  const lock = new Client({ connectionString: clientUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const orm = await MikroORM.init({
      ...ormConfig(clientUrl, null), // a migration may rebuild an index on a large table
      extensions: [Migrator],
      migrations: {
        migrationsList: [
          { name: 'Migration20261121000001', class: Migration20261121000001 },
          { name: 'Migration20261121000220', class: Migration20261121000220 },
          { name: 'Migration20261121000300', class: Migration20261121000300 },
          { name: 'Migration20261122000100', class: Migration20261122000100 },
          { name: 'Migration20261123000100', class: Migration20261123000100 },
          { name: 'Migration20261123000200', class: Migration20261123000200 },
          { name: 'Migration20261123001000', class: Migration20261123001000 },
          { name: 'Migration20261123004100', class: Migration20261123004100 },
          { name: 'Migration20261124000900', class: Migration20261124000900 },
          { name: 'Migration20261125000100', class: Migration20261125000100 },
          { name: 'Migration20261125001100', class: Migration20261125001100 },
          { name: 'Migration20261126001100', class: Migration20261126001100 },
          { name: 'Migration20261127000100', class: Migration20261127000100 },
          { name: 'Migration20261127003000', class: Migration20261127003000 },
          { name: 'Migration20261127005000', class: Migration20261127005000 },
          { name: 'Migration20261127006000', class: Migration20261127006000 },
          { name: 'Migration20261127007000', class: Migration20261127007000 },
          { name: 'Migration20261127002000', class: Migration20261127002000 },
          { name: 'Migration20261127001000', class: Migration20261127001000 },
          { name: 'Migration20261127083000', class: Migration20261127083000 },
          { name: 'Migration20261127210000', class: Migration20261127210000 },
          { name: 'Migration20261127220000', class: Migration20261127220000 },
          { name: 'Migration20261127224000', class: Migration20261127224000 },
          { name: 'Migration20261128001000', class: Migration20261128001000 },
          { name: 'Migration20261128100000', class: Migration20261128100000 },
          { name: 'Migration20261128110000', class: Migration20261128110000 },
          { name: 'Migration20261128110100', class: Migration20261128110100 },
          { name: 'Migration20261128120000', class: Migration20261128120000 },
          { name: 'Migration20261128130000', class: Migration20261128130000 },
          { name: 'Migration20261129010000', class: Migration20261129010000 },
          { name: 'Migration20261129040000', class: Migration20261129040000 },
          { name: 'Migration20261130090000', class: Migration20261130090000 },
          { name: 'Migration20261130100000', class: Migration20261130100000 },
          { name: 'Migration20261130110000', class: Migration20261130110000 },
          { name: 'Migration20261130120000', class: Migration20261130120000 },
          { name: 'Migration20261201090000', class: Migration20261201090000 },
          { name: 'Migration20261201100000', class: Migration20261201100000 },
          { name: 'Migration20261201220000', class: Migration20261201220000 },
        ],
        transactional: true,
        snapshot: false,
        silent: true,
      },
    });
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end();
  }
}
