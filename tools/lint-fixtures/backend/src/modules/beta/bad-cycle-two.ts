export type { One as Two } from './bad-cycle-one';
