import { Footer } from './Footer';
import { FloatingButtons } from './FloatingButtons';

/**
 * The footer and the floating buttons: one chunk, loaded after first paint (Layouts.tsx says when). Neither is in
 * view when a page opens: the footer is below the fold, the ↑ button shows only while scrolling up, and on phones
 * the mobile bar's 문의 stands for the chat button.
 */
export function SiteFooter() {
  return (
    <>
      <Footer />
      <FloatingButtons />
    </>
  );
}
