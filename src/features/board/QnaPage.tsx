import { FaqList } from './FaqList';
import { SuggestBoard } from './SuggestBoard';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import './board.css';

export type QnaTab = 'faq' | 'suggest';

/** /q&a: FAQ tab and 1:1 문의 tab. */
export function QnaPage({ tab, onTab }: { tab: QnaTab; onTab: (tab: QnaTab) => void }) {
  return (
    <div className="page board">
      <div className="board-tabs" role="tablist" aria-label="고객센터">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'faq'}
          className={tab === 'faq' ? 'on' : undefined}
          onClick={() => onTab('faq')}
        >
          자주 묻는 질문
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'suggest'}
          className={tab === 'suggest' ? 'on' : undefined}
          onClick={() => onTab('suggest')}
        >
          1:1 문의
        </button>
      </div>
      {tab === 'faq' ? (
        <Section fallback={<PageSkeleton lines={8} />}>
          <FaqList />
        </Section>
      ) : (
        <Section fallback={<PageSkeleton lines={8} />}>
          <SuggestBoard />
        </Section>
      )}
    </div>
  );
}
