import type { Thing } from '../../domain/thing';

export class ThingsQuery {
  find(id: string): Thing {
    return { id };
  }
}
