export const makeClock = () => () => new Date();
