// A cycle inside one module, made only of type imports: it counts too.
import type { Two } from './bad-cycle-two';

export type One = { two?: Two };
