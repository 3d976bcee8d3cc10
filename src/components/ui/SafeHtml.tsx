import './ui.css';
import DOMPurify from 'dompurify';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/** Sanitises server HTML. The one place server HTML reaches the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/**
 * Server HTML (notice and FAQ bodies, lecture descriptions) after DOMPurify. Only route chunks import
 * this component, so DOMPurify never reaches the initial chunk.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  return <div className={className ?? 'safe-html'} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
