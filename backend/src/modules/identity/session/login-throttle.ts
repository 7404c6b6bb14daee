import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../../../platform/queue/queue.module';

/** Failed sign-ins allowed per email (and, more generously, per address) within the window. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const FAILURE_WINDOW_SECONDS = 15 * 60;

/** Counts failed sign-ins in Redis, so every API instance sees the same count. */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [byEmail, byIp] = await this.redis.mget(this.emailKey(email), this.ipKey(ip));
    if (Number(byEmail ?? 0) >= MAX_FAILURES_PER_EMAIL || Number(byIp ?? 0) >= MAX_FAILURES_PER_IP) {
      throw new HttpException('Too many sign-in attempts. Please wait 15 minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.redis
      .multi()
      .incr(this.emailKey(email))
      .expire(this.emailKey(email), FAILURE_WINDOW_SECONDS)
      .incr(this.ipKey(ip))
      .expire(this.ipKey(ip), FAILURE_WINDOW_SECONDS)
      .exec();
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }

  private emailKey(email: string) {
    return `login-failures:email:${email.trim().toLowerCase()}`;
  }
  private ipKey(ip: string) {
    return `login-failures:ip:${ip}`;
  }
}
