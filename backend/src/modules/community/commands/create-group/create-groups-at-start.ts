import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { GROUP_DEFINITIONS } from '@carecircle/libs';
import { groupIdOf } from '../group-id';
import { CreateGroup } from './create-group.handler';

/**
 * The seven support groups (libs GROUP_DEFINITIONS) exist from the first start: each start sends
 * CreateGroup for each, which records only what is missing (ids are a function of the category).
 * The start fails if the event store cannot be written, like the migrations before it.
 */
@Injectable()
export class CreateGroupsAtStart implements OnApplicationBootstrap {
  constructor(private readonly commands: CommandBus) {}

  async onApplicationBootstrap(): Promise<void> {
    const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
    for (const { category, name, description, icon, color, rules } of GROUP_DEFINITIONS) {
      await this.commands.execute(new CreateGroup({ groupId: groupIdOf(category), details: { category, name, description, icon, color, rules: [...rules] }, metadata }));
    }
  }
}
