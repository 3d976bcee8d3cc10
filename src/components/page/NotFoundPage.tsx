import { Link } from '@tanstack/react-router';
import { LayoutA } from '../layout/Layouts';
import '../ui/ui.css';

/** An address no route knows: a Korean page inside the shell (header, footer), with ways back. */
export function NotFoundPage() {
  return (
    <LayoutA>
      <section className="not-found-card not-found-card--page">
        <h1 className="not-found-card__title">페이지를 찾을 수 없습니다.</h1>
        <p className="not-found-card__message">주소가 바뀌었거나 없어진 페이지입니다. 입력한 주소를 다시 확인해주세요.</p>
        <div className="not-found-card__links">
          <Link to="/main" className="btn btn--primary">
            홈으로
          </Link>
          <Link to="/search" className="btn">
            클래스 검색
          </Link>
        </div>
      </section>
    </LayoutA>
  );
}
