import { Controller, Get, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { UPLOAD_MESSAGES } from '../../upload-rules';
import { ReadUploadQuery } from './read-upload.query';

/**
 * An upload is served to its uploader and to the caregivers of the recipients the uploader attached
 * it to; anyone else gets the same 404 as for a name never given out. The bytes come from
 * PostgreSQL, so any API replica answers.
 */
@ApiTags('uploads')
@Controller()
export class ReadUploadController {
  constructor(private readonly uploads: ReadUploadQuery) {}

  /** The stored image with the type its content was recognised as; never sniffed by the browser. */
  @Get('uploads/:name')
  async fetch(@CurrentUser() user: User, @Param('name') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const stored = await this.uploads.forUser(user.id, name);
    if (!stored) throw new NotFoundException(UPLOAD_MESSAGES.notFound);
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      // A stored name never changes content, but who may see it can: a revoked caregiver's browser keeps it briefly at most.
      'Cache-Control': 'private, max-age=300',
    });
    return new StreamableFile(stored.bytes, { type: stored.contentType, length: stored.size, disposition: 'inline' });
  }
}
