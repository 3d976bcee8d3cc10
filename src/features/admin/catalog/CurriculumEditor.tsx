import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  createAdminLecture,
  createAdminSection,
  deleteAdminSection,
  removeAdminLecture,
  renameAdminSection,
  reorderAdminCurriculum,
  updateAdminLecture,
  type AdminClass,
} from '../../../api/queries/admin-catalog';
import { formatClock } from '../../../lib/format';
import { alertDark, alertError, confirmDark } from '../../../lib/popup';
import { LectureMediaPanel } from './LectureMediaPanel';
import { moveLecture, moveLectureToSection, moveSection, orderOf, type CurriculumOrder } from './curriculumOrder';
import { useStoreClass } from './useClassWrites';

type Section = AdminClass['sections'][number];
type Lecture = Section['lectures'][number];

export const LECTURE_HIDDEN_MESSAGE = '수강 기록이 있어 숨김 처리했습니다.';
export const LECTURE_DELETED_MESSAGE = '강의를 삭제했습니다.';

/**
 * Sections and their lectures: add, rename, remove, mark 미리보기, and reorder with ↑/↓ buttons (keyboard first).
 * Every reorder sends the whole order; the class comes back from the server and the page shows it.
 */
export function CurriculumEditor({ cls }: { cls: AdminClass }) {
  const storeClass = useStoreClass();
  const id = cls.contentsid;
  // The button to focus once the moved item has re-rendered in its new place.
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const write = useMutation({
    mutationFn: (run: () => Promise<AdminClass>) => run(),
    onSuccess: storeClass,
    onError: (e) => {
      focusAfter.current = null;
      void alertError(e);
    },
  });
  useEffect(() => {
    const key = focusAfter.current;
    if (!key || !root.current) return;
    focusAfter.current = null;
    const button = root.current.querySelector<HTMLButtonElement>(`[data-focus="${key}"]`);
    // At an end the pressed button is disabled: its pair (or the item's first tool) takes the focus.
    const target = button && !button.disabled ? button : root.current.querySelector<HTMLButtonElement>(`[data-focus^="${key.replace(/:[^:]+$/, ':')}"]:not(:disabled)`);
    target?.focus();
  }, [cls]);

  const reorder = (next: CurriculumOrder | null, focus: string) => {
    if (!next) return;
    focusAfter.current = focus;
    write.mutate(() => reorderAdminCurriculum(id, { sections: next }));
  };
  const order = orderOf(cls);
  const busy = write.isPending;
  const [sectionTitle, setSectionTitle] = useState('');

  return (
    <section className="admin-card" aria-labelledby="curriculum-title">
      <h2 className="admin-card__title" id="curriculum-title">
        커리큘럼
      </h2>
      <div className="admin-curriculum" ref={root} aria-busy={busy}>
        {cls.sections.length === 0 && <p className="admin-muted">아직 섹션이 없습니다. 섹션을 추가한 뒤 강의를 넣어주세요.</p>}
        {cls.sections.map((s, si) => (
          <SectionBox
            key={s.sectionid}
            section={s}
            first={si === 0}
            last={si === cls.sections.length - 1}
            busy={busy}
            onMove={(dir) => reorder(moveSection(order, si, dir), `s${s.sectionid}:${dir < 0 ? 'up' : 'down'}`)}
            onRename={(title) => write.mutate(() => renameAdminSection(s.sectionid, title))}
            onDelete={async () => {
              if (await confirmDark(`「${s.title}」 섹션을 삭제할까요?`)) write.mutate(() => deleteAdminSection(s.sectionid));
            }}
            onAddLecture={(title) => write.mutate(() => createAdminLecture(s.sectionid, { title, ispreview: false }))}
            lectureTools={(l) => ({
              onMove: (dir) => reorder(moveLecture(order, l.videoid, dir), `l${l.videoid}:${dir < 0 ? 'up' : 'down'}`),
              onMoveSection: (dir) => reorder(moveLectureToSection(order, l.videoid, dir), `l${l.videoid}:${dir < 0 ? 'prev' : 'next'}`),
              onRename: (title) => write.mutate(() => updateAdminLecture(l.videoid, { title, ispreview: l.ispreview })),
              onPreview: () => {
                focusAfter.current = `l${l.videoid}:preview`;
                write.mutate(() => updateAdminLecture(l.videoid, { title: l.title, ispreview: !l.ispreview }));
              },
              onRemove: async () => {
                if (!(await confirmDark(`「${l.title}」 강의를 삭제할까요? 수강 기록이 있는 강의는 숨김 처리됩니다.`))) return;
                write.mutate(async () => {
                  const removal = await removeAdminLecture(l.videoid);
                  void alertDark(removal.outcome === 'hidden' ? LECTURE_HIDDEN_MESSAGE : LECTURE_DELETED_MESSAGE);
                  return removal.class;
                });
              },
            })}
            positionOf={(videoid) => {
              const ids = order[si]?.videoids ?? [];
              return { first: ids.indexOf(videoid) === 0, last: ids.indexOf(videoid) === ids.length - 1, prev: si > 0, next: si < order.length - 1 };
            }}
          />
        ))}
        <form
          className="admin-curriculum__add"
          onSubmit={(e) => {
            e.preventDefault();
            const title = sectionTitle.trim();
            if (!title) return;
            write.mutate(() => createAdminSection(id, title), { onSuccess: () => setSectionTitle('') });
          }}
        >
          <label htmlFor="new-section" className="visually-hidden">
            새 섹션 이름
          </label>
          <input id="new-section" value={sectionTitle} maxLength={100} placeholder="새 섹션 이름" onChange={(e) => setSectionTitle(e.currentTarget.value)} />
          <button type="submit" className="btn btn--sm btn--dark" disabled={busy || !sectionTitle.trim()}>
            섹션 추가
          </button>
        </form>
      </div>
    </section>
  );
}

interface LectureTools {
  onMove: (dir: -1 | 1) => void;
  onMoveSection: (dir: -1 | 1) => void;
  onRename: (title: string) => void;
  onPreview: () => void;
  onRemove: () => Promise<void>;
}

function SectionBox({
  section,
  first,
  last,
  busy,
  onMove,
  onRename,
  onDelete,
  onAddLecture,
  lectureTools,
  positionOf,
}: {
  section: Section;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (dir: -1 | 1) => void;
  onRename: (title: string) => void;
  onDelete: () => Promise<void>;
  onAddLecture: (title: string) => void;
  lectureTools: (l: Lecture) => LectureTools;
  positionOf: (videoid: number) => { first: boolean; last: boolean; prev: boolean; next: boolean };
}) {
  const [editing, setEditing] = useState(false);
  const [newLecture, setNewLecture] = useState('');
  const key = `s${section.sectionid}`;
  return (
    <div className="admin-section" data-testid="admin-section" data-sectionid={section.sectionid}>
      <div className="admin-section__head">
        {editing ? (
          <RenameForm
            label="섹션 이름"
            initial={section.title}
            onCancel={() => setEditing(false)}
            onSave={(title) => {
              setEditing(false);
              if (title !== section.title) onRename(title);
            }}
          />
        ) : (
          <h3 className="admin-section__title">{section.title}</h3>
        )}
        <span className="admin-tools">
          <button type="button" className="admin-icon-btn" data-focus={`${key}:up`} aria-label={`「${section.title}」 섹션을 위로`} disabled={busy || first} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="admin-icon-btn" data-focus={`${key}:down`} aria-label={`「${section.title}」 섹션을 아래로`} disabled={busy || last} onClick={() => onMove(1)}>
            ↓
          </button>
          {!editing && (
            <button type="button" className="admin-icon-btn" data-focus={`${key}:rename`} aria-label={`「${section.title}」 섹션 이름 변경`} disabled={busy} onClick={() => setEditing(true)}>
              이름 변경
            </button>
          )}
          {section.lectures.length === 0 && (
            <button type="button" className="admin-icon-btn admin-icon-btn--danger" aria-label={`「${section.title}」 섹션 삭제`} disabled={busy} onClick={() => void onDelete()}>
              삭제
            </button>
          )}
        </span>
      </div>
      <ul className="admin-section__lectures">
        {section.lectures.map((l) => (
          <LectureRow key={l.videoid} lecture={l} busy={busy} tools={lectureTools(l)} position={positionOf(l.videoid)} />
        ))}
      </ul>
      <form
        className="admin-section__add admin-inline"
        onSubmit={(e) => {
          e.preventDefault();
          const title = newLecture.trim();
          if (!title) return;
          onAddLecture(title);
          setNewLecture('');
        }}
      >
        <label htmlFor={`new-lecture-${section.sectionid}`} className="visually-hidden">
          「{section.title}」에 추가할 강의 제목
        </label>
        <input id={`new-lecture-${section.sectionid}`} value={newLecture} maxLength={100} placeholder="새 강의 제목" onChange={(e) => setNewLecture(e.currentTarget.value)} />
        <button type="submit" className="btn btn--sm" disabled={busy || !newLecture.trim()}>
          강의 추가
        </button>
      </form>
    </div>
  );
}

function LectureRow({ lecture: l, busy, tools, position }: { lecture: Lecture; busy: boolean; tools: LectureTools; position: ReturnType<Parameters<typeof SectionBox>[0]['positionOf']> }) {
  const [editing, setEditing] = useState(false);
  const key = `l${l.videoid}`;
  const name = `「${l.title}」`;
  if (l.hidden) {
    return (
      <li className="admin-lecture admin-lecture--hidden" data-testid="admin-lecture" data-videoid={l.videoid}>
        <span className="admin-lecture__title">
          {l.title}
          <span className="admin-lecture__tags">
            <span className="admin-badge admin-badge--hidden">숨김</span>
          </span>
        </span>
        <span className="admin-muted">수강 기록 때문에 보관 중인 강의입니다.</span>
      </li>
    );
  }
  return (
    <li className="admin-lecture" data-testid="admin-lecture" data-videoid={l.videoid}>
      {editing ? (
        <RenameForm
          label="강의 제목"
          initial={l.title}
          onCancel={() => setEditing(false)}
          onSave={(title) => {
            setEditing(false);
            if (title !== l.title) tools.onRename(title);
          }}
        />
      ) : (
        <span className="admin-lecture__title">
          {l.title}
          <span className="admin-lecture__tags">
            {l.ispreview && <span className="admin-badge admin-badge--accent">미리보기</span>}
            {l.hasvideo ? <span className="admin-badge">{formatClock(l.durationsec)}</span> : <span className="admin-badge admin-badge--draft">영상 없음</span>}
          </span>
        </span>
      )}
      <span className="admin-tools">
        <button type="button" className="admin-icon-btn" data-focus={`${key}:up`} aria-label={`${name} 강의를 위로`} disabled={busy || position.first} onClick={() => tools.onMove(-1)}>
          ↑
        </button>
        <button type="button" className="admin-icon-btn" data-focus={`${key}:down`} aria-label={`${name} 강의를 아래로`} disabled={busy || position.last} onClick={() => tools.onMove(1)}>
          ↓
        </button>
        <button type="button" className="admin-icon-btn" data-focus={`${key}:prev`} aria-label={`${name} 강의를 이전 섹션으로`} disabled={busy || !position.prev} onClick={() => tools.onMoveSection(-1)}>
          ⇡ 이전 섹션
        </button>
        <button type="button" className="admin-icon-btn" data-focus={`${key}:next`} aria-label={`${name} 강의를 다음 섹션으로`} disabled={busy || !position.next} onClick={() => tools.onMoveSection(1)}>
          ⇣ 다음 섹션
        </button>
        <button
          type="button"
          className="admin-icon-btn"
          data-focus={`${key}:preview`}
          aria-pressed={l.ispreview}
          aria-label={`${name} 미리보기`}
          disabled={busy}
          onClick={tools.onPreview}
        >
          미리보기
        </button>
        {!editing && (
          <button type="button" className="admin-icon-btn" aria-label={`${name} 이름 변경`} disabled={busy} onClick={() => setEditing(true)}>
            이름 변경
          </button>
        )}
        <button type="button" className="admin-icon-btn admin-icon-btn--danger" aria-label={`${name} 강의 삭제`} disabled={busy} onClick={() => void tools.onRemove()}>
          삭제
        </button>
      </span>
      <LectureMediaPanel videoid={l.videoid} title={l.title} />
    </li>
  );
}

function RenameForm({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(initial);
  return (
    <form
      className="admin-inline"
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) onSave(title.trim());
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <input aria-label={label} value={title} maxLength={100} autoFocus onChange={(e) => setTitle(e.currentTarget.value)} />
      <button type="submit" className="btn btn--sm btn--dark" disabled={!title.trim()}>
        저장
      </button>
      <button type="button" className="btn btn--sm" onClick={onCancel}>
        취소
      </button>
    </form>
  );
}
