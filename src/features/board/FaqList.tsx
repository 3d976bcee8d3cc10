import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { faqsQuery } from '../../api/queries/board';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { EmptyState } from '../../components/ui/EmptyState';

const ALL = '전체';

/** FAQ: category chips and question/answer accordions (answers are sanitised server HTML). */
export function FaqList() {
  const { data } = useSuspenseQuery(faqsQuery());
  const [category, setCategory] = useState(ALL);
  const categories = [ALL, ...new Set(data.list.map((f) => f.category))];
  const shown = data.list.filter((f) => category === ALL || f.category === category);
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="board-heading">
        자주 묻는 질문
      </h2>
      <div className="chip-row">
        {categories.map((c) => (
          <button key={c} type="button" className={c === category ? 'chip on' : 'chip'} onClick={() => setCategory(c)} aria-pressed={c === category}>
            {c}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState title="등록된 질문이 없습니다." />
      ) : (
        <div className="faq-list" data-testid="faq-list">
          {shown.map((f) => (
            <details key={f.faqid} className="faq">
              <summary>
                <span className="faq__q">Q</span>
                <span className="faq__category">{f.category}</span>
                <span className="faq__question">{f.question}</span>
              </summary>
              <div className="faq__answer">
                <span className="faq__a">A</span>
                <SafeHtml html={f.answer} />
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
