import { buildApp } from './support';

/** Builds the SPA once per browser-test run. */
export default function setup(): void {
  buildApp();
}
