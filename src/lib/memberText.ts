/**
 * What a member wrote (a 1:1 suggestion, a question, a note), as the text it is (issue 42). New records are the
 * member's plain text, shown exactly, "<" included. Records the old site stored from its editor are one HTML
 * fragment wrapped in a block tag ("<p>출장 때문에 수강을 못했어요…</p>"): those are turned back into their text,
 * paragraphs and <br> as line breaks, entities decoded, so neither markup nor literal tags reach the screen.
 */

/** An old editor record: the whole text is a block element (or several), from its first character to its last. */
const OLD_EDITOR_RECORD = /^\s*<(p|div|ul|ol|h[1-6]|blockquote)\b[^>]*>[\s\S]*<\/(p|div|ul|ol|h[1-6]|blockquote)>\s*$/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const n = name.toLowerCase();
    if (n.startsWith('#x')) return String.fromCodePoint(parseInt(n.slice(2), 16));
    if (n.startsWith('#')) return String.fromCodePoint(Number(n.slice(1)));
    return ENTITIES[n] ?? whole;
  });
}

/** The text to show for what a member wrote: plain text as written; an old HTML record as its text. */
export function memberText(written: string): string {
  if (!OLD_EDITOR_RECORD.test(written)) return written;
  const text = written
    .replace(/\s+/g, ' ') // in HTML a run of spaces and source line breaks is one space; paragraphs and <br> make the lines
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
