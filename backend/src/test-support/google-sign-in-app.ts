import { GoogleOAuthFake } from './google-oauth-fake';
import { startTestApp, type TestApp } from './test-app';

export const GOOGLE_TEST_CLIENT_ID = 'carecircle-test.apps.googleusercontent.com';

/**
 * For a describe block: before its tests, a local fake of Google's sign-in endpoints and an app whose
 * Google sign-in goes to it (GOOGLE_* set); both stopped after. Read `t` and `google` inside hooks or tests.
 */
export function appWithGoogleSignIn(): { readonly t: TestApp; readonly google: GoogleOAuthFake } {
  const env = {} as { t: TestApp; google: GoogleOAuthFake };
  beforeAll(async () => {
    env.google = await new GoogleOAuthFake(GOOGLE_TEST_CLIENT_ID).start();
    env.t = await startTestApp({
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_API_BASE_URL: env.google.baseUrl,
      PUBLIC_URL: 'http://care.example.test:8080',
    });
  });
  afterAll(async () => {
    await env.t?.close();
    await env.google?.stop();
  });
  return env;
}
