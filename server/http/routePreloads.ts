import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addToHeadEnd, type IndexTransformer } from './static';

/** The fields of a dist/.vite/manifest.json chunk this file reads. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** `src/routes/_b/classView.$contentsid.tsx?tsr-split=component---loader` → route file and its split groups. */
const SPLIT_CHUNK = /^src\/routes\/(.+)\.[jt]sx?\?tsr-split=(.+)$/;

interface Route {
  /** Nesting by TanStack's flat file naming: `_b/_auth/myclass.tsx` → ['_b', '_auth', 'myclass']; __root → []. */
  segments: string[];
  /** What the URL must look like: pathless (`_x`) and `index` segments removed; `$x` is one dynamic segment. */
  pattern: string[];
  /** Manifest keys of the split chunks that hold the component (and, here, the loader) and the pending component. */
  components: string[];
}

const pathless = (s: string) => s.startsWith('_') || s.startsWith('(');
const isParam = (s: string) => s.startsWith('$');
const kind = (s: string) => (s === '$' ? 2 : isParam(s) ? 1 : 0); // static, $param, splat

function routeOf(file: string): Route {
  const segments = file === '__root' ? [] : file.split(/[/.]/);
  if (segments.at(-1) === 'route') segments.pop(); // `foo/route.tsx` is the same route as `foo.tsx`
  return { segments, pattern: segments.filter((s) => !pathless(s) && s !== 'index'), components: [] };
}

/** TanStack ranks static segments above dynamic ones, and an index route above the layout sharing its path. */
function rank(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.pattern.length, b.pattern.length); i++) {
    const d = kind(a.pattern[i]!) - kind(b.pattern[i]!);
    if (d) return d;
  }
  return b.segments.length - a.segments.length;
}

function matches(route: Route, parts: string[]): boolean {
  const splat = route.pattern.at(-1) === '$';
  if (splat ? parts.length < route.pattern.length - 1 : parts.length !== route.pattern.length) return false;
  // The app's router is not case-sensitive (TanStack's default).
  return route.pattern.every((s, i) => isParam(s) || s.toLowerCase() === parts[i]?.toLowerCase());
}

/**
 * The `<link>` tags that let the browser fetch a screen's code-split chunk (which also brings its loader,
 * so its API call) and that chunk's static imports and CSS while it fetches the entry, instead of
 * discovering them one round trip after another once the entry has run. Built once from the manifest.
 */
export function preloadTags(manifest: Manifest): (path: string) => string {
  // What index.html already loads: the entries and everything they import.
  const loaded = new Set<string>();
  const load = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunk.css?.forEach((css) => loaded.add(css));
    chunk.imports?.forEach(load);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) load(key);

  // Every route the manifest knows, even one without a component chunk (e.g. /main), so that its URL is not
  // claimed by a dynamic sibling. Routes with no split chunk at all need nothing preloaded anyway.
  const routes = new Map<string, Route>();
  for (const key of Object.keys(manifest)) {
    const [, file, groups] = SPLIT_CHUNK.exec(key) ?? [];
    if (!file || !groups) continue;
    const route = routes.get(file) ?? routes.set(file, routeOf(file)).get(file)!;
    // The router renders a screen once its component and pending-component chunks are in (router-core's
    // loadComponents waits for both), so both are preloaded; error and not-found chunks stay lazy.
    if (groups.split('---').some((g) => g === 'component' || g === 'pendingComponent')) route.components.push(key);
  }

  const tagsFor = (screen: Route): string => {
    // The screen's own chunk first (its loader starts the API call), then its layouts' chunks.
    const parents = [...routes.values()].filter(
      (r) => r !== screen && r.segments.length < screen.segments.length && r.segments.every((s, i) => s === screen.segments[i]),
    );
    const seen = new Set(loaded);
    const tags: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) {
        if (seen.has(css)) continue;
        seen.add(css);
        // Preload, not stylesheet: a stylesheet would hold back the static first paint. crossorigin because
        // Vite's preload helper adds the CSS as <link rel="stylesheet" crossorigin>, and only a preload with
        // the same credentials mode is reused.
        tags.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
      }
      chunk.imports?.forEach(visit);
    };
    [screen, ...parents].forEach((r) => r.components.forEach(visit));
    return tags.join('');
  };

  // A pathless layout (or the root) is never a screen of its own.
  const screens = [...routes.values()].filter((r) => r.segments.length && !pathless(r.segments.at(-1)!)).sort(rank);
  const tags = new Map(screens.map((r) => [r, tagsFor(r)]));
  return (path) => {
    const parts = path.split('/').filter(Boolean);
    const screen = screens.find((r) => matches(r, parts));
    return screen ? tags.get(screen)! : '';
  };
}

/**
 * index.html for a deep link (/classList/111/1, /classView/127) with its screen's chunks preloaded.
 * Without dist/.vite/manifest.json (a build without a manifest) it adds nothing.
 */
export function routePreloads(distDir: string): IndexTransformer {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return (html) => html;
  }
  const tagsFor = preloadTags(manifest);
  return (html, path) => {
    const tags = tagsFor(path);
    return tags ? addToHeadEnd(html, tags) : html;
  };
}
