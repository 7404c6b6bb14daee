/**
 * How long a test app's commands wait for their read models (PROJECTION_WAIT_MS) before the 503 a
 * caregiver would see after 5 s: three jest workers on two cores starve a projector for seconds at a
 * time. Also given to the app processes the specs spawn.
 */
export const TEST_PROJECTION_WAIT_MS = '30000';
