/**
 * The one instant the kit's fixtures are recorded at (`recordApp`) and rendered at
 * (`snapshotFixtures`), unless an app names another: a draft recorded as expiring in 15 minutes
 * is shown expiring in 15 minutes, on every machine and every run.
 */
export const FIXED_NOW = Date.UTC(2030, 0, 1, 10, 0, 0);
