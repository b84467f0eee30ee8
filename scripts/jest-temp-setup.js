// jest's globalSetup: the run's temporary folder (scripts/jest-temp-root.js).
export { setup as default } from './jest-temp-root.js';
