/** One quality level as media-chrome's rendition menu reads it (it labels a level `${min(width, height)}p`). */
export interface Rendition {
  id: string;
  width: number;
  height: number;
  bitrate: number;
}

/**
 * The `videoRenditions` list media-chrome reads off its media element (the VideoRenditionList shape that
 * hls-video-element fills through media-tracks). The player drives a plain `<video>` with hls.js, so this list mirrors
 * hls.js's levels and hands a choice back to it; `selectedIndex` -1 is automatic (hls.js picks by bandwidth).
 */
export class RenditionList extends EventTarget {
  [index: number]: Rendition | undefined;
  #items: Rendition[] = [];
  #selected = -1;
  #choose: (index: number) => void = () => undefined;

  get length(): number {
    return this.#items.length;
  }

  get selectedIndex(): number {
    return this.#selected;
  }

  set selectedIndex(index: number) {
    const next = index >= 0 && index < this.#items.length ? index : -1;
    if (next === this.#selected) return;
    this.#selected = next;
    this.#choose(next);
    this.dispatchEvent(new Event('change'));
  }

  [Symbol.iterator](): Iterator<Rendition> {
    return this.#items[Symbol.iterator]();
  }

  /** The levels of a newly loaded source, and what to do when the member picks one (index, or -1 for automatic). */
  replace(items: Rendition[], choose: (index: number) => void): void {
    for (let i = 0; i < this.#items.length; i++) delete this[i];
    const removed = this.#items.length > 0;
    this.#items = items;
    this.#selected = -1;
    this.#choose = choose;
    items.forEach((r, i) => (this[i] = r));
    if (removed) this.dispatchEvent(new Event('removerendition'));
    if (items.length) this.dispatchEvent(new Event('addrendition'));
  }
}
