import { createReadStream } from 'node:fs';
import {
  BadRequestException,
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  HttpException,
  HttpStatus,
  Injectable,
  NestInterceptor,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  Res,
  StreamableFile,
  UnsupportedMediaTypeException,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { UPLOAD_PATH_PREFIX, type User } from '@carecircle/libs';
import { CurrentUser } from '../identity';
import { detectImageType } from './image-type';
import { UploadAccessQuery } from './read-models/upload-links/upload-links.query';
import { MAX_UPLOADS_PER_DAY, UploadStorage } from './upload-storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'The image is too large. The limit is 5 MB.',
  missing: 'Choose an image to upload (form field "file").',
  empty: 'The file is empty.',
  notAnImage: 'Only images can be uploaded: PNG, JPEG, GIF or WebP.',
  unreadable: 'The upload could not be read. Send one image in the form field "file".',
  notFound: 'Upload not found',
  dailyLimit: `You can upload at most ${MAX_UPLOADS_PER_DAY} images a day. Please try again tomorrow.`,
} as const;

const OWN_MESSAGES = new Set<string>(Object.values(UPLOAD_MESSAGES));

/** What multer hands over (memory storage); typed here so the API does not need @types/multer. */
interface ReceivedFile {
  buffer: Buffer;
  size: number;
}

/** multer's own messages ("File too large", "Unexpected field") become messages a caregiver can act on. */
@Injectable()
class UploadMessagesInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) return throwError(() => new PayloadTooLargeException(UPLOAD_MESSAGES.tooLarge));
        if (error instanceof HttpException && (error.getStatus() !== 400 || OWN_MESSAGES.has(error.message))) return throwError(() => error);
        // Anything else multer or its parser raises is a malformed request, never a 500.
        return throwError(() => new BadRequestException(UPLOAD_MESSAGES.unreadable));
      }),
    );
  }
}

/**
 * Photo uploads (spec: POST /api/upload, multipart with a `file` field) for profile and medication
 * photos. Signed-in only (the global session guard), images only as told by their content, at most
 * MAX_UPLOADS_PER_DAY per user. An upload is served to its uploader and to the caregivers of the
 * recipients the uploader attached it to; anyone else gets the same 404 as for a name never given out.
 */
@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(
    private readonly storage: UploadStorage,
    private readonly access: UploadAccessQuery,
  ) {}

  /** 201 {url}; 413 over 5 MB; 415 when the content is not a PNG, JPEG, GIF or WebP image; 429 past the day's limit; 400 otherwise. */
  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @UseInterceptors(
    UploadMessagesInterceptor,
    FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } }),
  )
  async upload(@CurrentUser() user: User, @UploadedFile() file: ReceivedFile | undefined): Promise<{ url: string }> {
    if (!file) throw new BadRequestException(UPLOAD_MESSAGES.missing);
    if (file.size === 0) throw new BadRequestException(UPLOAD_MESSAGES.empty);
    const type = detectImageType(file.buffer);
    if (!type) throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.notAnImage);
    if (!(await this.storage.claimDailySlot(user.id, new Date().toISOString().slice(0, 10)))) {
      throw new HttpException(UPLOAD_MESSAGES.dailyLimit, HttpStatus.TOO_MANY_REQUESTS);
    }
    const name = await this.storage.save(file.buffer, type, user.id);
    return { url: `${UPLOAD_PATH_PREFIX}${name}` };
  }

  /** The stored image with the type its content was recognised as; never sniffed by the browser. */
  @Get('uploads/:name')
  async fetch(@CurrentUser() user: User, @Param('name') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const stored = await this.storage.find(name);
    if (!stored || !(await this.access.mayRead(user.id, name))) throw new NotFoundException(UPLOAD_MESSAGES.notFound);
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      // A stored name never changes content, but who may see it can: a revoked caregiver's browser keeps it briefly at most.
      'Cache-Control': 'private, max-age=300',
    });
    return new StreamableFile(createReadStream(stored.path), {
      type: stored.type.contentType,
      length: stored.size,
      disposition: 'inline',
    });
  }
}
