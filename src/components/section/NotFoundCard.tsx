import { Link, type LinkProps } from '@tanstack/react-router';
import '../ui/ui.css';

/** What a missing record's card says and where it leads back to (a list, or home). */
export interface NotFoundText {
  title: string;
  back: { to: LinkProps['to']; label: string };
}

/** A record that does not exist: no retry (asking again cannot help), a way back instead. */
export function NotFoundCard({ title = '없는 페이지입니다.', back = { to: '/main', label: '홈으로' } }: Partial<NotFoundText>) {
  return (
    <section className="not-found-card">
      <h2 className="not-found-card__title">{title}</h2>
      <Link to={back.to} className="btn btn--primary">
        {back.label}
      </Link>
    </section>
  );
}
