import { createReadStream } from 'node:fs';
import {
  BadRequestException,
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  HttpException,
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
import { detectImageType } from './image-type';
import { UploadStorage } from './upload-storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'The image is too large. The limit is 5 MB.',
  missing: 'Choose an image to upload (form field "file").',
  empty: 'The file is empty.',
  notAnImage: 'Only images can be uploaded: PNG, JPEG, GIF or WebP.',
  unreadable: 'The upload could not be read. Send one image in the form field "file".',
  notFound: 'Upload not found',
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
 * photos. Signed-in only (the global session guard), images only as told by their content.
 */
@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(private readonly storage: UploadStorage) {}

  /** 201 {url}; 413 over 5 MB; 415 when the content is not a PNG, JPEG, GIF or WebP image; 400 otherwise. */
  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @UseInterceptors(
    UploadMessagesInterceptor,
    FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } }),
  )
  async upload(@UploadedFile() file: ReceivedFile | undefined): Promise<{ url: string }> {
    if (!file) throw new BadRequestException(UPLOAD_MESSAGES.missing);
    if (file.size === 0) throw new BadRequestException(UPLOAD_MESSAGES.empty);
    const type = detectImageType(file.buffer);
    if (!type) throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.notAnImage);
    const name = await this.storage.save(file.buffer, type);
    return { url: `/api/uploads/${name}` };
  }

  /** The stored image with the type its content was recognised as; never sniffed by the browser. */
  @Get('uploads/:name')
  async fetch(@Param('name') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const stored = await this.storage.find(name);
    if (!stored) throw new NotFoundException(UPLOAD_MESSAGES.notFound);
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      // A stored name never changes content.
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    return new StreamableFile(createReadStream(stored.path), {
      type: stored.type.contentType,
      length: stored.size,
      disposition: 'inline',
    });
  }
}
