import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { COMMUNITY_CONVERSATION_TEXT as TEXT, type PostDetail, type PostPage, type User } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { decodeCursor } from '../../../../platform/http/page';
import { CurrentUser } from '../../../identity';
import { GroupAccess } from '../../access/group-access';
import { groupIdPipe, postIdPipe } from '../../commands/group-id';
import { postCursor, PostsQuery } from './posts.query';

/** A group's posts and one post's thread: members (and super_admins) only, 403 `You must join...` for others. */
@ApiTags('community')
@Controller()
export class PostsReadController {
  constructor(
    private readonly access: GroupAccess,
    private readonly posts: PostsQuery,
  ) {}

  /** Pinned first, then newest, 20 a page: `{items, next}`; pass `next` back as `?cursor`. */
  @Get('groups/:id/posts')
  @ApiQuery({ name: 'cursor', required: false, description: 'the next of the previous page; absent for the first page' })
  async list(@Param('id', groupIdPipe) id: string, @Query('cursor') cursor: unknown, @CurrentUser() user: User): Promise<PostPage> {
    const after = decodeCursor(cursor, postCursor);
    const viewer = await this.access.reader(id, user);
    return this.posts.page(id, viewer, { after });
  }

  /** The post with its comments, oldest first, replies nested. */
  @Get('posts/:id')
  async detail(@Param('id', postIdPipe) id: string, @CurrentUser() user: User): Promise<PostDetail> {
    const viewer = await this.access.reader(await this.access.groupOfPost(id), user);
    const post = await this.posts.detail(id, viewer);
    if (!post) throw new DomainError('COMMUNITY.POST_NOT_FOUND', 'not_found', TEXT.postNotFound);
    return post;
  }
}
