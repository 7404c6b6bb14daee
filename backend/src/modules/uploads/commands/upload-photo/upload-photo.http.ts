import {
  BadRequestException,
  CallHandler,
  Controller,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
  Post,
  Req,
  UnsupportedMediaTypeException,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../upload-rules';
import { UploadPhoto, UploadRefused } from './upload-photo.handler';

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

/** Photo uploads (spec: POST /api/upload, multipart with a `file` field). Signed-in only (the global session guard). */
@ApiTags('uploads')
@Controller()
export class UploadPhotoController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 {url}; 413 over 5 MB; 415 when the content is not a PNG, JPEG, GIF or WebP image; 429 past the day's limit; 400 otherwise. */
  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @UseInterceptors(
    UploadMessagesInterceptor,
    FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } }),
  )
  async upload(@CurrentUser() user: User, @UploadedFile() file: ReceivedFile | undefined, @Req() req: Request): Promise<{ url: string }> {
    if (!file) throw new BadRequestException(UPLOAD_MESSAGES.missing);
    if (file.size === 0) throw new BadRequestException(UPLOAD_MESSAGES.empty);
    try {
      return await this.commands.execute(new UploadPhoto({ uploaderId: user.id, bytes: file.buffer, metadata: commandMetadata(req) }));
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      if (error.reason === 'not_an_image') throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.notAnImage);
      throw new HttpException(UPLOAD_MESSAGES.dailyLimit, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
