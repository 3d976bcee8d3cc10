import { FaqList } from './FaqList';
import { SuggestBoard } from './SuggestBoard';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import { Tabs } from '../../components/ui/Tabs';
import './board.css';

export type QnaTab = 'faq' | 'suggest';

const QNA_TABS = [
  ['faq', '자주 묻는 질문'],
  ['suggest', '1:1 문의'],
] as const;

/** /q&a: FAQ tab and 1:1 문의 tab. */
export function QnaPage({ tab, onTab }: { tab: QnaTab; onTab: (tab: QnaTab) => void }) {
  return (
    <div className="page board">
      <Tabs label="고객센터" className="board-tabs" tabs={QNA_TABS} selected={tab} onSelect={onTab} />
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
