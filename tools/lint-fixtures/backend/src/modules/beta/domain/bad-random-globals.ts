// The globals crypto and performance are random and clock sources, whatever their method.
export const id = () => crypto.randomUUID();
export const bytes = (buffer: Uint8Array) => crypto.getRandomValues(buffer);
export const elapsed = () => performance.now();
