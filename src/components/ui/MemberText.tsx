import { memberText } from '../../lib/memberText';
import './ui.css';

/**
 * Text a member wrote (suggestions, questions, notes), never as HTML: line breaks kept, long words wrapped, an old
 * HTML record shown as its text (lib/memberText.ts). Staff answers, which are HTML, go through SafeHtml instead.
 */
export function MemberText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ? `member-text ${className}` : 'member-text'} data-testid="member-text">
      {memberText(text)}
    </p>
  );
}
