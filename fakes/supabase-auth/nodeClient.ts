import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** A storage supabase-js keeps its session and PKCE verifier in, per client (the browser's localStorage stands here). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * The real supabase-js client as the tests of the fake run it under Node: its own memory storage, no timers, no
 * address to read a session from. Node 20 has no WebSocket and supabase-js builds its realtime client eagerly; no
 * channel is opened here, so a transport that is never constructed is enough (the browser has its own WebSocket).
 */
export function nodeSupabaseClient(url: string, key: string, options: { pkce?: boolean; persistSession?: boolean } = {}): SupabaseClient {
  return createClient(url, key, {
    auth: {
      storage: memoryStorage(),
      ...(options.pkce ? { flowType: 'pkce' as const } : {}),
      autoRefreshToken: false,
      persistSession: options.persistSession ?? false,
      detectSessionInUrl: false,
    },
    realtime: { transport: class NoRealtime {} as never },
  });
}
