import { buildApp } from './build';

/** Builds the SPA once per browser-test run. */
export default function setup(): void {
  buildApp();
}
