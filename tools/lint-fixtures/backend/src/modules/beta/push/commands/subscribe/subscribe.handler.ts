// A part of a module (notifications/push) has its own commands/ with the same rule.
export const subscribe = () => ({ type: 'Subscribe' });
