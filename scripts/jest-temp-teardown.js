// jest's globalTeardown: the run's temporary folder goes (scripts/jest-temp-root.js).
export { teardown as default } from './jest-temp-root.js';
