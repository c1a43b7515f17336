/**
 * A few seconds of memory for public searches (their answers, as JSON text): the explorer's default page and the popular city searches are
 * asked again and again, and a phone on a weak network should not wait for the same query twice. Entries live
 * SEARCH_CACHE_MS at most and the whole cache is dropped on any change to missions or applications, on every
 * instance (missions/routes.ts: the others hear of it through the realtime bus before the change is answered). Searches that depend on who asks (signed-in
 * details, "around me") are keyed by the viewer's visibility class and point, never by a user's identity; and
 * every search by the viewer's world (platform/demo-world.ts): a demo sandbox's page is never a real visitor's.
 */
const SEARCH_CACHE_MS = 3000;
const MAX_ENTRIES = 500;

export class SearchCache {
  private readonly entries = new Map<string, { at: number; page: Promise<string> }>();

  constructor(private readonly ttlMs = SEARCH_CACHE_MS) {}

  get(key: string, load: () => Promise<string>): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.page;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // The promise itself is kept: concurrent identical searches share one query.
    const page = load();
    this.entries.set(key, { at: now, page });
    page.catch(() => this.entries.delete(key));
    return page;
  }

  clear(): void {
    this.entries.clear();
  }
}
