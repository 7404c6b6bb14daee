// A decider takes time and ids from the command: each of these reads a clock or a random source.
declare function randomUUID(): string;

export const now = () => new Date();
export const nowToo = () => new Date;
export const stamp = () => Date.now();
export const text = () => Date();
export const dice = () => Math.random();
export const id = () => randomUUID();
export const clock = Date.now;
