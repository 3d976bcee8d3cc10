import type sanitizeHtmlModule from 'sanitize-html';

/** Loaded at the first console write that needs it: sanitize-html (and PostCSS behind it) stays out of every start-up. */
let library: Promise<{ default: typeof sanitizeHtmlModule }> | undefined;

/**
 * HTML written in the console (a class's description, a notice, an FAQ answer), as the store may show it: the tags
 * of a rich text, links only to http(s), mailto and tel, images only from http(s) or the store's own paths; no
 * script, style, frame, form or event handler. Applied on the server before storing, so no reader has to trust the
 * writer (the SPA sanitises again when it renders, src/components/ui/SafeHtml.tsx).
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: sanitize } = await (library ??= import('sanitize-html'));
  return sanitize(html, {
    allowedTags: [
      'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
      'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'figure', 'figcaption',
      'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div',
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // A link that opens a new tab cannot reach back into the store.
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
