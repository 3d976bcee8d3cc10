// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { AppConfig } from './configSchema';

export type { AppConfig };

declare const __STOREFRONT_CONFIG__: AppConfig;

/**
 * Typed configuration, validated with zod at build time (`src/configSchema.ts`, wired in vite.config.ts
 * and vitest.config.ts): the app reads the result, never `import.meta.env`.
 */
export const config: AppConfig = __STOREFRONT_CONFIG__;
