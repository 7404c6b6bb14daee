import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Achievement, User } from '@carecircle/libs';
import { ChildrenQuery } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { AchievementsQuery } from './achievements.query';

@ApiTags('achievements')
@Controller('achievements')
export class AchievementsReadController {
  constructor(
    private readonly achievements: AchievementsQuery,
    private readonly children: ChildrenQuery,
  ) {}

  /** Achievements of every recipient the user may see, newest first (the dashboard shows two). */
  @Get()
  async list(@CurrentUser() user: User): Promise<Achievement[]> {
    const children = await this.children.listFor(user.id);
    return this.achievements.forChildren(children.map((c) => c.id));
  }
}
