import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Child, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { ChildrenQuery } from './children.query';

@ApiTags('care recipients')
@Controller('children')
export class ChildrenReadController {
  constructor(private readonly children: ChildrenQuery) {}

  /** Oldest first; the dashboard selects the last one by default. */
  @Get()
  list(@CurrentUser() user: User): Promise<Child[]> {
    return this.children.listFor(user.id);
  }
}
