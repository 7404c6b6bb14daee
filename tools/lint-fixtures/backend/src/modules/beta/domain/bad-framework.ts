import { Injectable } from '@nestjs/common';
import { Entity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

@Injectable()
@Entity()
export class BadFramework {
  em?: EntityManager;
}
