import type { UserRole } from '@carecircle/libs';

/** Events of a user stream `user-{id}`. Stored type names are explicit and past tense. */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        email: string;
        /** argon2id hash; the only place the credential lives besides its read model. */
        passwordHash: string;
        firstName: string;
        lastName: string;
        role: UserRole;
        timezone: string;
        registeredAt: string;
      };
    }
  | { type: 'TimezoneChanged'; data: { userId: string; timezone: string; changedAt: string } }
  | { type: 'ProfileUpdated'; data: { userId: string; firstName: string; lastName: string; updatedAt: string } }
  /** Delete Account: the user's key is destroyed with it, so their personal data reads as "Erased". */
  | { type: 'UserErased'; data: { userId: string; erasedAt: string } };

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; userId: string; email: string; firstName: string; lastName: string; timezone: string }
  | { status: 'erased' };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, firstName, lastName, timezone } = event.data;
      return { status: 'registered', userId, email, firstName, lastName, timezone };
    }
    case 'TimezoneChanged':
      return state.status === 'registered' ? { ...state, timezone: event.data.timezone } : state;
    case 'ProfileUpdated':
      return state.status === 'registered' ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName } : state;
    case 'UserErased':
      return { status: 'erased' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const userStream = (userId: string) => `user-${userId}`;

