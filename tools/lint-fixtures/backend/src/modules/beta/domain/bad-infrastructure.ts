import { Pool } from 'pg';
import Redis from 'ioredis';
import Bull from 'bull';
import { EventStoreDBClient } from '@eventstore/db-client';
import type { Request } from 'express';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { randomBytes } from 'crypto';
import { setTimeout } from 'timers/promises';

export const bad = [Pool, Redis, Bull, EventStoreDBClient, readFileSync, createHash, randomBytes, setTimeout];
export type BadRequest = Request;
