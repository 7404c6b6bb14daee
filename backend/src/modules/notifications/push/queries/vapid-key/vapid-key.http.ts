import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { VapidKeys } from '../../delivery/vapid-keys';

/** Signed-in users only, as every push route. */
@ApiTags('notifications')
@Controller('notifications')
export class VapidKeyController {
  constructor(private readonly vapid: VapidKeys) {}

  /** The application server key the browser subscribes with. */
  @Get('vapid-key')
  async vapidKey(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.vapid.details()).publicKey };
  }
}
