// Each int suite creates and migrates its own database: seconds, not jest's default 5, on a busy machine.
// (A project's `testTimeout` is ignored by jest; this runs in every int test file.)
jest.setTimeout(30_000);
