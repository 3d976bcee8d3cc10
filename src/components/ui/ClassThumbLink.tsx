import { Link } from '@tanstack/react-router';

/**
 * A lecture's thumbnail as a second link to its class page, beside a title link that carries the name: kept out of
 * the tab order and hidden from screen readers so the page is announced and reached once (cart line, classroom card).
 */
export function ClassThumbLink({
  contentsid,
  className,
  children,
}: {
  contentsid: number;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Link to="/classView/$contentsid" params={{ contentsid }} className={className} tabIndex={-1} aria-hidden="true">
      {children}
    </Link>
  );
}
