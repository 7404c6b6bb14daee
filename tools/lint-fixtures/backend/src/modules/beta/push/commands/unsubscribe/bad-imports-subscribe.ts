import { subscribe } from '../subscribe/subscribe.handler';

export const unsubscribe = () => ({ ...subscribe(), type: 'Unsubscribe' });
