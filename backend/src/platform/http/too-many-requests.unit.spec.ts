import { TooManyRequestsException, waitText } from './too-many-requests';

describe('TooManyRequestsException', () => {
  it.each([
    [1, '1 second'],
    [16, '16 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('says %i seconds as "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });

  it('is a 429 whose message and Retry-After agree, in whole seconds of at least one', () => {
    const error = new TooManyRequestsException('Too many sign-in attempts.', 15.2);
    expect(error.getStatus()).toBe(429);
    expect(error.message).toBe('Too many sign-in attempts. Please wait 16 seconds and try again.');
    expect(error.retryAfterSeconds).toBe(16);
    expect(new TooManyRequestsException('Slow down.', 0).retryAfterSeconds).toBe(1);
  });
});
